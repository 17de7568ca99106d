/** API paths, as the PWA calls them (accounts spec §7). The server also accepts them without the trailing slash. */
export const API = {
  login: '/api/login/',
  signup: '/api/signup/',
  logout: '/api/logout/',
  passwordReset: '/api/password-reset/',
  passwordResetConfirm: (uid: string, token: string) => `/api/password-reset-confirm/${uid}/${token}`,
  verifyEmail: (uid: string, token: string) => `/api/verify-email/${uid}/${token}`,
  confirmEmail: (uid: string, token: string) => `/api/confirm-email/${uid}/${token}`,
  tokenRefresh: '/api/token/refresh/',
  registerProfile: '/api/register-profile/',
  children: '/api/children/',
  profile: '/api/profile/',
  profileDelete: (id: number) => `/api/profiles/${id}/delete/`,
  profiles: '/api/profiles/',
  profileLogin: '/api/profile/login/',
  accountInfo: '/api/account-info/',
  accountDelete: '/api/account/delete/',
  organizations: '/api/organizations/',
  organization: (id: number) => `/api/organizations/${id}`,
  organizationCheck: (code: string) => `/api/organizations/check/${code}/`,
  me: '/api/user/me/',
  publicNavbar: '/api/public-navbar/',
  categories: '/api/artworks/categories',
  tags: '/api/artworks/tags',
  artworks: '/api/artworks/',
  myArtworks: '/api/artworks/my',
  myCollection: '/api/artworks/my-collection/',
  familyGallery: '/api/artworks/family-gallery/',
  memberArtworks: (id: number) => `/api/artworks/member/${id}`,
  artwork: (id: number) => `/api/artworks/${id}`,
  artworkLike: (id: number) => `/api/artworks/${id}/like/`,
  artworkUnlike: (id: number) => `/api/artworks/${id}/unlike/`,
  artworkDelete: (id: number) => `/api/artworks/${id}/delete/`,
  artworkUpdate: (id: number) => `/api/artworks/${id}/update/`,
  userImageCount: '/api/billing/user-image-count/',
} as const;

/** Paths that never carry the bearer token (accounts spec §7). */
export const UNAUTHENTICATED_PATHS = [
  '/api/password-reset-confirm/',
  '/api/signup/',
  '/api/password-reset/',
  '/api/login/',
  '/api/verify-email/',
  '/api/confirm-email/',
] as const;

/** CSRF: the server sets this cookie; the PWA echoes it in this header on writes. */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

/** Upload queue: makes POST /api/artworks/ exactly-once. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
