import { useForm, type Resolver } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';

import type { loginBody } from '@contract/accounts';
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
  const { register, handleSubmit, formState } = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: { email: '', password: '' },
    // Errors clear as the user types (accounts spec §5).
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(async (body) => {
    const pair = await loginMutation.mutateAsync(body).catch(() => null);
    if (!pair) return;
    if (pair.message) notify.success(pair.message);
    navigate('/add-user');
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
