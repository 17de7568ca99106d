/** Multipart bodies (declared per operation in ./endpoints): what the server's streaming reader accepts. */
import { LIMITS } from './limits';
import { M } from './messages';

export interface UploadLimits {
  /** The file field; files under any other name are misplaced. */
  fileField: string;
  /** Non-empty files kept from fileField. */
  maxFiles: number;
  /** The message id for one more non-empty file, or null to ignore the extra ones. */
  tooManyFiles: string | null;
  /** Text fields; one more ends the reading with 400 invalidBody. */
  maxFields: number;
  /** The whole body, declared (Content-Length) or counted while streaming. */
  maxBodyBytes: number;
}

/**
 * A work (create or update): up to 5 images, and 5 x 15 MB plus 1 MB for the text fields and the
 * framing. The text fields are title, description, is_public and up to 20 ids each of category,
 * tags and keep_images: 100 leaves room and stops a form of a million fields at its 101st.
 */
export const WORK_UPLOAD: UploadLimits = {
  fileField: 'images',
  maxFiles: LIMITS.maxImagesPerWork,
  tooManyFiles: M.imagesMax.id,
  maxFields: 100,
  maxBodyBytes: LIMITS.maxImagesPerWork * LIMITS.maxUploadBytes + 1024 * 1024,
};

/** One picture and up to 20 text fields: the first file counts (the PWA sends one), 15 MB plus room for the text. */
const onePicture = (fileField: string): UploadLimits => ({
  fileField,
  maxFiles: 1,
  tooManyFiles: null,
  maxFields: 20,
  maxBodyBytes: LIMITS.maxUploadBytes + 256 * 1024,
});

/** A profile: four text fields and its picture. */
export const PICTURE_UPLOAD = onePicture('profile_picture');
/** A contest (the console's form): its thumbnail and a few text fields. */
export const CONTEST_UPLOAD = onePicture('thumbnail');
/** An artist class (the console's form): its thumbnail and a few text fields. */
export const CLASS_UPLOAD = onePicture('thumbnail');
/** A sponsor banner (the super admin's console): its image and a few text fields. */
export const BANNER_UPLOAD = onePicture('banner_image');

/** Every JSON body: the largest the contract allows (a profile's 100 shared users) is far below. */
export const JSON_BODY_LIMIT = 256 * 1024;
