import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { stores, whatsappChannels } from '../../db/schema.ts';
import type { WhatsappService } from './service.ts';

/** The demo store that talks WhatsApp to the stand-in (Forno & Brasa), and its made-up account. */
export const DEMO_WHATSAPP_STORE = 'pizzaria';
export const DEMO_WHATSAPP_ACCOUNT = {
  phoneNumberId: '100200300400500',
  displayNumber: '+55 11 4000-1234',
  token: 'demo-whatsapp-token',
  appSecret: 'demo-whatsapp-app-secret',
  verifyToken: 'demo-whatsapp-verify-token',
};

/**
 * Points the demo store's channel at the stand-in when it has none (an owner's own settings stay);
 * a channel already on the stand-in is registered again (the stand-in may be new). Whether it is.
 */
export async function connectDemoWhatsapp(db: Database, whatsapp: WhatsappService): Promise<boolean> {
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.slug, DEMO_WHATSAPP_STORE));
  if (!store) return false;
  const [channel] = await db
    .select({ graphUrl: whatsappChannels.graphUrl })
    .from(whatsappChannels)
    .where(eq(whatsappChannels.storeId, store.id));
  if (channel && channel.graphUrl !== 'standin') return false;
  if (!channel) await whatsapp.useStandin(store.id, DEMO_WHATSAPP_ACCOUNT);
  return true;
}
