import {
  errorReply,
  menuAvailabilityReply,
  positiveIdParam,
  soldOutReply,
  soldOutRequest,
  storeControlsReply,
  storeModeRequest,
  storePauseRequest,
  storeSettingsRequest,
} from '@comanda/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import type { StoreControlsService } from './service.ts';

const tags = ['staff'];
const staffOnly = { 401: errorReply, 403: errorReply };

const ROLES =
  'Attendants read the controls and switch products and options sold out; opening, closing, pausing and ' +
  'the settings need a manager or the owner (403 FORBIDDEN otherwise). Without a staff token 401.';

/** The store controls and the sold-out switches of issue 16 (documented under 'staff'). */
export function registerStoreControlRoutes(
  ctx: AppContext,
  services: { storeControls: StoreControlsService },
) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.storeControls;
  const controlsReply = { 200: storeControlsReply, 400: errorReply, ...staffOnly };

  app.get(
    '/staff/store',
    {
      config: { capability: 'store.read' },
      schema: {
        tags,
        summary: 'The store’s open/closed mode, pause, and order settings',
        description: `open_now is what the storefront shows; reopens_at when it opens again by itself.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        response: controlsReply,
      },
    },
    async (request) => service.controls(requireStaff(request).storeId),
  );

  app.put(
    '/staff/store/mode',
    {
      config: { capability: 'store.open_close' },
      schema: {
        tags,
        summary: 'Open or close the store now, or follow its hours again (auto)',
        description: ROLES,
        security: SECURITY_BEARER,
        body: storeModeRequest,
        response: controlsReply,
      },
    },
    async (request) => service.setMode(requireStaff(request), request.body.mode),
  );

  app.post(
    '/staff/store/pause',
    {
      config: { capability: 'store.open_close' },
      schema: {
        tags,
        summary: 'Pause new orders for 5 to 240 minutes, with an optional reason',
        description: `The storefront shows the store closed until the pause ends; scheduled orders are still taken when the store schedules. Recorded in the change history (section pause).\n\n${ROLES}`,
        security: SECURITY_BEARER,
        body: storePauseRequest,
        response: controlsReply,
      },
    },
    async (request) => service.pause(requireStaff(request), request.body.minutes, request.body.reason),
  );

  app.delete(
    '/staff/store/pause',
    {
      config: { capability: 'store.open_close' },
      schema: {
        tags,
        summary: 'End the pause now',
        description: ROLES,
        security: SECURITY_BEARER,
        response: controlsReply,
      },
    },
    async (request) => service.resume(requireStaff(request)),
  );

  app.patch(
    '/staff/store/settings',
    {
      config: { capability: 'orders.settings' },
      schema: {
        tags,
        summary:
          'Auto-accept new orders, auto-print the kitchen ticket, the preset refusal and cancel reasons',
        description:
          '`refusal_reasons` and `cancel_reasons`: the presets the board offers (free text stays possible), ' +
          'at most 8 of at most 80 characters each, none blank or repeated (400 INVALID_INPUT otherwise); ' +
          `an empty list brings back the defaults.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        body: storeSettingsRequest,
        response: controlsReply,
      },
    },
    async (request) => service.settings(requireStaff(request), request.body),
  );

  app.get(
    '/staff/menu/availability',
    {
      config: { capability: 'menu.sold_out' },
      schema: {
        tags,
        summary: 'The products and option items the app offers, with their sold-out switches',
        description: ROLES,
        security: SECURITY_BEARER,
        response: { 200: menuAvailabilityReply, ...staffOnly },
      },
    },
    async (request) => service.availability(requireStaff(request).storeId),
  );

  for (const kind of ['product', 'option-item'] as const) {
    app.put(
      kind === 'product' ? '/staff/menu/products/:id/sold-out' : '/staff/menu/option-items/:id/sold-out',
      {
        config: { capability: 'menu.sold_out' },
        schema: {
          tags,
          summary:
            kind === 'product'
              ? 'Switch a product sold out (listed, not orderable) or back'
              : 'Switch an option item sold out (not offered) or back, in every group that holds it',
          description: `Raises the store’s menu version: the storefront shows it within seconds and order placement refuses it (SOLD_OUT, ITEM_UNAVAILABLE). An option item is switched in every group holding a copy of it (the same ref and name, ignoring case and accents), in one transaction; the reply's ids lists them. Recorded in the change history (GET /staff/editor/audit, section sold_out) when it changes something. 404 for ids of other stores.\n\n${ROLES}`,
          security: SECURITY_BEARER,
          params: positiveIdParam,
          body: soldOutRequest,
          response: { 200: soldOutReply, 400: errorReply, ...staffOnly, 404: errorReply },
        },
      },
      async (request) =>
        service.setSoldOut(requireStaff(request), kind, request.params.id, request.body.sold_out),
    );
  }
}
