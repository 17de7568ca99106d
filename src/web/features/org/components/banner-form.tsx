import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';

import { bannerFields, type AdminBanner, type BannerFields } from '@contract/console';
import { M } from '@contract/messages';
import { fieldErrors } from '@web/lib/api-error';
import { notify } from '@web/lib/toast';
import { Button } from '@web/ui/button';
import { TextField } from '@web/ui/field';
import { pageStyles } from '@web/ui/page-shell';
import { useSaveBanner } from '../api/banners';
import { ImageInput } from './image-input';
import { useFormImage } from './use-form-image';
import styles from './org.module.css';
import wall from './wall.module.css';

const TEXT_FIELDS = ['name', 'url', 'starts_on', 'ends_on', 'sort_order'] as const;

interface BannerFormProps {
  /** Absent: a new banner. */
  banner?: AdminBanner;
  /** Where a new banner goes: after the others. */
  nextOrder: number;
  onDone: () => void;
}

/** A sponsor banner: its image, name, link, active days (Japan) and place in the order. */
export function BannerForm({ banner, nextOrder, onDone }: BannerFormProps) {
  const { t, i18n } = useLingui();
  const save = useSaveBanner();
  const image = useFormImage('banner_image', !banner, M.bannerImageRequired.id);
  const { register, handleSubmit, formState, setError } = useForm<BannerFields, unknown, BannerFields>({
    resolver: zodResolver(bannerFields, undefined, { raw: true }),
    defaultValues: {
      name: banner?.name ?? '',
      url: banner?.url ?? '',
      starts_on: banner?.starts_on ?? '',
      ends_on: banner?.ends_on ?? '',
      sort_order: banner?.sort_order ?? nextOrder,
    },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    if (image.missing()) return;
    try {
      await save.mutateAsync({ id: banner?.id, body: image.body(values, TEXT_FIELDS) });
      notify.success(i18n._(M.bannerSaved.id));
      onDone();
    } catch (error) {
      const errors = fieldErrors(error);
      for (const key of TEXT_FIELDS) if (errors[key]) setError(key, { message: errors[key] });
      if (errors.banner_image) image.setError(errors.banner_image);
    }
  });

  const e = formState.errors;
  return (
    <form
      className={`${pageStyles.card} ${styles.section}`}
      noValidate
      onSubmit={(event) => {
        image.missing();
        void onSubmit(event);
      }}
    >
      <h2 className={styles.sectionTitle}>{banner ? t`Edit the banner` : t`New banner`}</h2>
      <ImageInput label={t`Banner image`} shape="wide" currentSrc={banner?.banner_image} {...image.inputProps} />
      <TextField label={t`Sponsor name`} required maxLength={100} error={e.name?.message} {...register('name')} />
      <TextField
        label={t`Link`}
        type="url"
        inputMode="url"
        placeholder="https://"
        hint={t`An https:// address, or a page of this site starting with /. Optional.`}
        error={e.url?.message}
        {...register('url')}
      />
      <TextField
        type="date"
        label={t`First day shown`}
        hint={t`Optional. Japan time.`}
        error={e.starts_on?.message}
        {...register('starts_on')}
      />
      <TextField
        type="date"
        label={t`Last day shown`}
        hint={t`Optional. Japan time.`}
        error={e.ends_on?.message}
        {...register('ends_on')}
      />
      <TextField
        type="number"
        inputMode="numeric"
        label={t`Order`}
        hint={t`Smaller numbers come first.`}
        error={e.sort_order?.message}
        {...register('sort_order')}
      />
      {save.isPending && image.file && (
        <div role="status">
          <progress className={wall.progress} aria-label={t`Uploading the banner`} />
          <span className={pageStyles.lead}>{t`Uploading the banner…`}</span>
        </div>
      )}
      <div className={styles.formActions}>
        <Button type="submit" size="large" block disabled={save.isPending || image.busy} aria-busy={save.isPending}>
          {save.isPending ? t`Saving…` : image.busy ? t`Preparing the image…` : t`Save the banner`}
        </Button>
        <Button variant="ghost" block onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
