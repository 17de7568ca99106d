import { useEffect, useRef } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';

import type { loginBody } from '@contract/accounts';
import { chooseLanding } from '@web/lib/landing';
import { useSession } from '@web/lib/session';
import { notify } from '@web/lib/toast';
import { useLogin } from '../api/login';
import { LoginFormView } from '../components/login-form-view';

type Input = z.input<typeof loginBody>;
type Output = z.output<typeof loginBody>;

/**
 * The contract's zodResolver(loginBody), loaded on the first validation (or when the form is first touched)
 * rather than with the form: zod is not part of the login page's first load. A failed load is tried again.
 */
let loading: Promise<Resolver<Input, unknown, Output>> | null = null;

function loadResolver(): Promise<Resolver<Input, unknown, Output>> {
  if (!loading) {
    loading = Promise.all([import('@hookform/resolvers/zod'), import('@contract/accounts')]).then(([{ zodResolver }, { loginBody }]) =>
      zodResolver(loginBody),
    );
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => (await loadResolver())(values, context, options);

/** The login form with react-hook-form; login-page shows it read-only until this module has arrived. */
export default function LoginForm() {
  const [, navigate] = useLocation();
  const loginMutation = useLogin();
  // The address this device last signed up, verified, asked a reset or logged in with (accounts spec §3).
  const remembered = useSession((s) => s.email);
  const { register, handleSubmit, formState, setValue, setFocus } = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: { email: remembered ?? '', password: '' },
    // Errors clear as the user types (accounts spec §5).
    reValidateMode: 'onChange',
  });

  // "Select another User" on the page forgets the address: the form then waits for another one.
  const started = useRef(remembered);
  useEffect(() => {
    if (remembered !== null || started.current === null) return;
    started.current = null;
    setValue('email', '');
    setFocus('email');
  }, [remembered, setValue, setFocus]);

  const onSubmit = handleSubmit(async (body) => {
    const pair = await loginMutation.mutateAsync(body).catch(() => null);
    if (!pair) return;
    if (pair.message) notify.success(pair.message);
    navigate(await chooseLanding());
  });

  return (
    <LoginFormView
      email={register('email')}
      password={register('password')}
      errors={{ email: formState.errors.email?.message, password: formState.errors.password?.message }}
      pending={loginMutation.isPending}
      onSubmit={onSubmit}
      onFocus={() => void loadResolver().catch(() => undefined)}
    />
  );
}
