/**
 * What was typed into the contact form, kept for this tab while it is being written: a reload, a tap on a link
 * or a dead network loses nothing. Forgotten once the inquiry is sent.
 */
const KEY = 'lm.inquiry-draft';

export interface InquiryDraft {
  subject: string;
  inquiryDetails: string;
  email: string;
  fullName: string;
}

export const EMPTY_DRAFT: InquiryDraft = { subject: '', inquiryDetails: '', email: '', fullName: '' };

export function readDraft(): InquiryDraft {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<InquiryDraft> | null;
    if (!saved || typeof saved !== 'object') return EMPTY_DRAFT;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      subject: text(saved.subject),
      inquiryDetails: text(saved.inquiryDetails),
      email: text(saved.email),
      fullName: text(saved.fullName),
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

export function keepDraft(draft: InquiryDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage refused: the form still holds what was typed while the page is open.
  }
}

export function forgetDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
