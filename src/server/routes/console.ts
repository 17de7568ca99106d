/** TEMPORARY STUB (session 10): replaced by the helper building this area before anything is committed. */
import { ApiError } from '../errors';
import type { Handlers } from './register';

const notYet = async (): Promise<never> => {
  throw new ApiError(404, { id: 's.not_found', message: 'Not found.' });
};

export const consoleHandlers = {
  consoleHome: notYet,
  orgUpdate: notYet,
  orgCodeRegenerate: notYet,
  orgMembers: notYet,
  orgMemberApprove: notYet,
  orgMemberDecline: notYet,
  orgMemberRemove: notYet,
  orgMailPreview: notYet,
  orgMailSend: notYet,
  orgMailLog: notYet,
  adminOrganizations: notYet,
  adminOrganizationCreate: notYet,
  adminStaffInvite: notYet,
  adminStaffRemove: notYet,
  adminBanners: notYet,
  adminBannerCreate: notYet,
  adminBannerUpdate: notYet,
  adminBannerDelete: notYet,
  adminMailPreview: notYet,
  adminMailSend: notYet,
  adminMailLog: notYet,
} satisfies Partial<Handlers>;
