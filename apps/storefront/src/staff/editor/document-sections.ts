import type { StoreDocumentBase } from '@comanda/contract';

/*
 * A section of the store document as the editor saves it (docs/decisions/0032): the document cut
 * down to the section's paths (`categories`, `settings.holidays`), so a path in the body is the
 * same path in the document and a refusal's `field` points into the draft as it is.
 */

export type SectionBody = Record<string, unknown>;

/** The section's part of a document, in the shape of its body; `paths` from the document reply. */
export function sectionBody(document: StoreDocumentBase, paths: readonly string[]): SectionBody {
  const body: SectionBody = {};
  for (const path of paths) {
    const [top, key] = path.split('.') as [keyof StoreDocumentBase, string | undefined];
    if (key === undefined) {
      body[top] = document[top];
    } else {
      const part = (body[top] ?? {}) as SectionBody;
      part[key] = (document[top] as unknown as SectionBody)[key];
      body[top] = part;
    }
  }
  return body;
}

/** The document with the section's parts taken from `body` (a saved section's reply). */
export function withSectionBody(document: StoreDocumentBase, body: SectionBody): StoreDocumentBase {
  const out = { ...document, settings: { ...document.settings } } as Record<string, unknown>;
  for (const [top, value] of Object.entries(body)) {
    if (top === 'settings') Object.assign(out.settings as SectionBody, value as SectionBody);
    else out[top] = value;
  }
  return out as unknown as StoreDocumentBase;
}

/** Whether two documents hold the same section (what a form compares to tell unsaved changes). */
export function sameSection(a: StoreDocumentBase, b: StoreDocumentBase, paths: readonly string[]): boolean {
  return JSON.stringify(sectionBody(a, paths)) === JSON.stringify(sectionBody(b, paths));
}
