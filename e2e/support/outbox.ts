/**
 * Reads the e-mails the server wrote to DATA_DIR/outbox (the local mail adapter), the way a newcomer would
 * open them, and pulls out the link a person would click.
 */
import { join } from 'node:path';

import { expect } from '@playwright/test';

import { E2E_DATA_DIR } from '../../playwright.config';
import { findLink, type LinkPath } from './mail';

/** Waits for the newest e-mail to `address` that contains a link to `path`, and returns that link. */
export async function linkFromOutbox(address: string, path: LinkPath): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        link = findLink(join(E2E_DATA_DIR, 'outbox'), address, path) ?? '';
        return link !== '';
      },
      { timeout: 15_000, message: `an e-mail to ${address} with a ${path} link` },
    )
    .toBe(true);
  return link;
}
