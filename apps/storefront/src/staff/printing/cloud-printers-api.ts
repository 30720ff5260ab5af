import type {
  CloudPrinterCreateRequest,
  CloudPrinterCredentialsReply,
  CloudPrintersReply,
  StationsReply,
} from '@comanda/contract';
import { staffFetch } from '../lib/staff-api.ts';

/** The cloud printers' staff calls (docs/decisions/0054). */
export const cloudPrintersApi = {
  list: () => staffFetch<CloudPrintersReply>('/staff/printers'),
  stations: () => staffFetch<StationsReply>('/staff/stations'),
  add: (body: CloudPrinterCreateRequest) =>
    staffFetch<CloudPrinterCredentialsReply>('/staff/printers', { method: 'POST', json: body }),
  newSecret: (id: number) =>
    staffFetch<CloudPrinterCredentialsReply>(`/staff/printers/${id}/secret`, { method: 'POST', json: {} }),
  revoke: (id: number) => staffFetch<CloudPrintersReply>(`/staff/printers/${id}`, { method: 'DELETE' }),
};
