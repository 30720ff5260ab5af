import {
  EDITOR_SECTIONS,
  editorAuditQuery,
  editorAuditReply,
  editorDocumentReply,
  editorSectionReply,
  errorReply,
  PICTURE_MAX_BYTES,
  pictureQuery,
  pictureReply,
} from '@comanda/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { invalid } from '../../lib/errors.ts';
import { requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import { type PictureService, refusePicture } from './pictures.ts';
import { sectionBodySchema, sectionPaths } from './sections.ts';
import type { StoreEditorService } from './service.ts';

const tags = ['staff-editor'];
const staffOnly = { 401: errorReply, 403: errorReply };

/** A section of a big menu is larger than the API's usual 256 KB. */
export const SECTION_BODY_LIMIT = 2 * 1024 * 1024;

const ROLES =
  'Attendants read; managers and owners save (403 FORBIDDEN otherwise; 401 without a staff token, 403 ' +
  'with a customer’s).';

/**
 * The body of a section is documented with the store document's own schema but checked by the
 * service, inside the whole document: its refusals then name document paths and say what is wrong
 * in Portuguese (validating it here would answer in zod's words with body paths).
 */
const checkedByTheService = () => (data: unknown) => ({ value: data });

/** The staff editor of a store's menu and settings (issue 17, docs/decisions/0032). */
export function registerStoreEditorRoutes(
  ctx: AppContext,
  services: { storeEditor: StoreEditorService; pictures: PictureService },
) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.storeEditor;
  registerPictureRoute(ctx, services.pictures);

  app.get(
    '/staff/editor/document',
    {
      config: { capability: 'settings.read' },
      schema: {
        tags,
        summary: 'The store’s document (menu, hours, delivery, payments, coupons, loyalty, contact, look)',
        description:
          'The whole store document as `npm run store:export` writes it (docs/store-import-format.md), with ' +
          'the menu_version to send back as If-Match, the document paths each section saves, the fonts a ' +
          'store may use and the price cap. The payment provider is named, never its settings or secrets. ' +
          `Also as the ETag header.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        response: { 200: editorDocumentReply, ...staffOnly },
      },
    },
    async (request, reply) => {
      const document = await service.document(requireStaff(request));
      reply.header('etag', `"${document.menu_version}"`);
      return document;
    },
  );

  for (const section of EDITOR_SECTIONS) {
    app.put(
      `/staff/editor/sections/${section}`,
      {
        config: { capability: 'settings.edit' },
        bodyLimit: SECTION_BODY_LIMIT,
        validatorCompiler: checkedByTheService,
        schema: {
          tags,
          summary: `Save the ${section} section`,
          description:
            `The body holds exactly ${sectionPaths(section)
              .map((path) => `\`${path}\``)
              .join(', ')} as the store document writes them, and replaces them. ` +
            'The section is merged into the store’s current document and the whole document is checked ' +
            'with the rules of `npm run store:import`; a refusal (400) names the document path of the first ' +
            'problem in `field` (e.g. `categories.0.products.2.valor_venda`) with its code ' +
            '(PRICE_OUT_OF_RANGE, GROUP_MIN_ABOVE_MAX, GROUP_WITHOUT_ITEMS, UNKNOWN_FONT, ' +
            'PRIMARY_COLOUR_CONTRAST, POLYGON_NOT_CLOSED, COORDINATES_OUT_OF_RANGE, or INVALID_INPUT) and ' +
            'lists every problem in `issues`; nothing is saved. `If-Match` must carry the menu_version ' +
            'read (428 PRECONDITION_REQUIRED without it; 409 MENU_VERSION_CONFLICT with the current ' +
            '`menu_version` when the store changed since). A save raises the menu version in its ' +
            'transaction (customers see it at once; order placement prices with it) and is recorded in ' +
            `the audit log. Refs and ids in a body are the store’s own: nothing in it reaches another store.\n\n` +
            (section === 'payments'
              ? 'Changing a PIX key (a payment method’s `chave_pix` or `tipo_chave_pix`) is an owner’s action ' +
                '(403 PIX_KEY_OWNER_ONLY) confirmed with their own password in a top-level `owner_password` beside ' +
                'the section’s parts (403 OWNER_PASSWORD_REQUIRED, OWNER_PASSWORD_WRONG; 429 after repeated wrong ' +
                'ones); every owner gets a notice (GET /staff/notices) with the keys masked (docs/decisions/0059).\n\n'
              : '') +
            ROLES,
          security: SECURITY_BEARER,
          headers: z.object({
            'if-match': z.string().optional().describe('The menu_version read, e.g. "12"'),
          }),
          body: sectionBodySchema(section),
          response: {
            200: editorSectionReply,
            400: errorReply,
            ...staffOnly,
            409: errorReply,
            413: errorReply,
            428: errorReply,
          },
        },
      },
      async (request) =>
        service.saveSection(requireStaff(request), section, request.body, request.headers['if-match']),
    );
  }

  app.get(
    '/staff/editor/audit',
    {
      config: { capability: 'settings.audit' },
      schema: {
        tags,
        summary: 'Who changed what in the store’s document, newest first',
        description:
          'Each saved section with who saved it (name, role), when, and the section before and after. ' +
          'Pages of `limit` (1–100, default 20); `before` = the previous page’s next_before. Managers and ' +
          'owners (403 FORBIDDEN otherwise).',
        security: SECURITY_BEARER,
        querystring: editorAuditQuery,
        response: { 200: editorAuditReply, 400: errorReply, ...staffOnly },
      },
    },
    async (request) => service.audit(requireStaff(request), request.query),
  );
}

/**
 * POST /staff/editor/pictures, in a scope of its own: there (and only there) any body arrives as
 * raw bytes, up to PICTURE_MAX_BYTES, for the service to judge by its content.
 */
function registerPictureRoute(ctx: AppContext, pictures: PictureService) {
  ctx.app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: PICTURE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler(async (error: { code?: string }) => {
      // The parent's handler answers whatever this one throws.
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw refusePicture.tooLarge();
      throw error;
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/staff/editor/pictures',
      {
        config: { capability: 'settings.edit' },
        validatorCompiler: checkedByTheService,
        schema: {
          tags,
          summary: 'Upload a picture: a product’s, the menu header’s or the logo',
          description:
            'The body is the picture itself (any Content-Type: a phone’s image/jpeg, image/png, ' +
            'image/webp, image/avif, or application/octet-stream), at most 8 MB (413 PICTURE_TOO_LARGE, ' +
            'also past 50 megapixels). Its type is read from its content: anything but JPEG, PNG, WebP ' +
            'or AVIF (HEIC included) is 415 PICTURE_NOT_AN_IMAGE; under 200 px a side 400 ' +
            'PICTURE_TOO_SMALL. The picture is turned upright, stripped of its metadata and cut to the ' +
            'storefront’s sizes: `product` the 4:3 dialog picture at 480, 800 and 1100 px (url, srcset: ' +
            'for url_imagem) and the square menu-row picture at 88 and 176 px (thumbnail: for ' +
            'url_miniatura); `banner` the 5:2 header at 1100 px (bg_image); `logo` 256 px (logo) and ' +
            'the app icons at 192 and 512 px (icon_192, icon_512). Nothing in the store changes until ' +
            `a section is saved with the address.\n\nManagers and owners (403 FORBIDDEN otherwise).`,
          security: SECURITY_BEARER,
          consumes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'application/octet-stream'],
          querystring: pictureQuery,
          body: z.string().meta({ format: 'binary' }).describe('The picture’s bytes'),
          response: {
            201: pictureReply,
            400: errorReply,
            ...staffOnly,
            413: errorReply,
            415: errorReply,
            503: errorReply,
          },
        },
      },
      async (request, reply) => {
        const query = pictureQuery.safeParse(request.query);
        if (!query.success) throw invalid('INVALID_INPUT', 'Use kind=product, banner ou logo.', 'kind');
        const picture = await pictures.upload(request.store.slug, query.data.kind, request.body);
        return reply.status(201).send(picture);
      },
    );
  });
}
