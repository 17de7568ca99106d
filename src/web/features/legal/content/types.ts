/**
 * The shape of the legal pages' and the About page's texts. Each language has its own content files
 * (./ja/*.ts, ./en/*.ts) with the same structure and the same ids, so an anchor such as
 * `/privacy-policy#children-photos` points at the same article in either language. A page loads only the
 * files of the language being shown (../lib/use-content.ts).
 */

/** A link inside a paragraph: a path of ours (`/contact-us`), a `mailto:` address or an outside address. */
export interface InlineLink {
  href: string;
  text: string;
}

/** A run of text: plain words, or words with links among them. */
export type Rich = string | readonly (string | InlineLink)[];

/** A paragraph, a list, or a highlighted note. */
export type Block = Rich | { list: readonly Rich[]; ordered?: boolean } | { note: Rich };

/** One numbered article (第1条 / Article 1); `id` is its anchor, the same in every language. */
export interface Article {
  id: string;
  title: string;
  body: readonly Block[];
}

export interface LegalDocument {
  lead: readonly Block[];
  /** A short list of the points that matter most, above the articles (the privacy policy's, for parents). */
  summary?: { title: string; points: readonly Rich[] };
  articles: readonly Article[];
  /** What closes the text (附則 / supplementary provisions). */
  closing?: readonly Block[];
}

/** One row of the Specified Commercial Transactions table. */
export interface CommercialRow {
  id: string;
  label: string;
  body: readonly Block[];
}

export interface CommercialDocument {
  lead: readonly Block[];
  rows: readonly CommercialRow[];
}

/** The three legal texts of one language. */
export interface LegalContent {
  terms: LegalDocument;
  privacy: LegalDocument;
  commercial: CommercialDocument;
}

/** One card of the About page: a title and a few words. */
export interface Point {
  title: string;
  text: Rich;
}

export interface AboutSection {
  id: string;
  title: string;
  body: readonly Block[];
}

/** The About page of one language (written from the landing page's message, works spec §1). */
export interface AboutContent {
  lead: string;
  intro: AboutSection;
  canDo: AboutSection & { points: readonly Point[] };
  privacy: AboutSection & { points: readonly Rich[] };
  organizations: AboutSection & { points: readonly Point[] };
  howTo: AboutSection & { steps: readonly Point[] };
  plans: AboutSection & { plans: readonly { name: string; price: string; text: string }[]; note: Rich };
  contact: AboutSection;
  closing: { title: string; text: string };
}
