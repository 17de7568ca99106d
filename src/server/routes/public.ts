/** Open reference data: the footer's navbar links, work categories and tags, and this API's OpenAPI document. */
import { openApiDocument } from '@contract/openapi';
import { namedList, publicNavbar } from '../domain/catalog';
import type { Handlers } from './register';

/** Built on the first request, once per process: the table does not change while it runs. */
let openApi: Record<string, unknown> | null = null;

export const publicHandlers = {
  publicNavbar: async ({ deps }) => publicNavbar(deps),
  categories: async ({ deps, lang }) => namedList(deps, 'categories', lang),
  tags: async ({ deps, lang }) => namedList(deps, 'tags', lang),
  openapi: async ({ deps }) => (openApi ??= openApiDocument(deps.config.appVersion)),
} satisfies Partial<Handlers>;
