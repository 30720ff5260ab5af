// The WhatsApp module's face (docs/decisions/0072): what other modules and the app's composition may use.
export { connectDemoWhatsapp, DEMO_WHATSAPP_ACCOUNT, DEMO_WHATSAPP_STORE } from './demo.ts';
export { hubSignature } from './graph.ts';
export {
  SERVICE_WINDOW_MS,
  STANDIN_GRAPH,
  WEBHOOK_PATH,
  WhatsappService,
  whatsappChannelActive,
} from './service.ts';
export { CODE_TEMPLATE, ORDER_UPDATE_TEMPLATES, type OrderUpdateKind, TEMPLATE_NAMES } from './templates.ts';
