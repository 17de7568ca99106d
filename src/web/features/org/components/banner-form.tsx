import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';

import { bannerFields, type AdminBanner, type BannerFields } from '@contract/console';
import { M } from '@contract/messages';
import { TextField } from '@web/ui/field';
import { pageStyles } from '@web/ui/page-shell';
import { useSaveBanner } from '../api/banners';
import { ImageInput } from './image-input';
import { PictureFormActions } from './picture-form-actions';
import { useFormImage } from './use-form-image';
import styles from './org.module.css';

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
    await image.save(() => save.mutateAsync({ id: banner?.id, body: image.body(values, TEXT_FIELDS) }), {
      saved: i18n._(M.bannerSaved.id),
      onDone,
      fields: TEXT_FIELDS,
      setFieldError: setError,
    });
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
      <h2 className={styles.sectionTitle}>
        {banner ? t({ message: `Edit the banner`, context: 'heading' }) : t({ message: `New banner`, context: 'heading' })}
      </h2>
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
      <PictureFormActions
        saving={save.isPending}
        image={image}
        uploadLabel={t`Uploading the banner`}
        uploadText={t`Uploading the banner…`}
        submitLabel={t`Save the banner`}
        onCancel={onDone}
      />
    </form>
  );
}
