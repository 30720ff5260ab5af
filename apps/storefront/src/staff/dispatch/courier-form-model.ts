import { formatReais, maskBrazilianPhoneInput, parseReais } from '@comanda/domain';
import type {
  Courier,
  CourierInput,
  CourierPay,
  CourierSettlementRow,
  PayModel,
  Vehicle,
} from '../../lib/dispatch-types.ts';

/**
 * The vehicles and pay models the form offers, in its order. Written here rather than taken from a
 * shared module: a staff chunk holding only staff modules keeps the staff- prefix, so the customers'
 * service worker never precaches it (vite.config.ts).
 */
export const VEHICLES: readonly Vehicle[] = ['moto', 'bicicleta', 'carro', 'a_pe'];
export const PAY_MODELS: readonly PayModel[] = ['por_entrega', 'faixa_km', 'diaria_mais_entrega'];

/*
 * The courier's form as typed (issue 35): amounts in reais as text, km bands as rows, the phone
 * with the sign-in's mask; `courierFromDraft` turns it into the call's body or names what is wrong.
 */

export interface BandDraft {
  upToKm: string;
  amount: string;
}

export interface CourierDraft {
  name: string;
  phone: string;
  vehicle: Vehicle;
  activeToday: boolean;
  model: PayModel;
  perDelivery: string;
  daily: string;
  bands: BandDraft[];
}

export type DraftField = 'name' | 'phone' | 'perDelivery' | 'daily' | `band-${number}`;
export type DraftProblem =
  | 'nameRequired'
  | 'phoneInvalid'
  | 'amountInvalid'
  | 'bandsRequired'
  | 'bandKmInvalid'
  | 'bandKmOrder';

/** '5511999990000' → '11999990000': the field shows the national number. */
function nationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return (digits.length === 12 || digits.length === 13) && digits.startsWith('55') ? digits.slice(2) : digits;
}

const kmText = (km: number) => km.toLocaleString('pt-BR', { maximumFractionDigits: 1 });

export function courierDraft(courier?: Courier): CourierDraft {
  const pay = courier?.pagamento;
  return {
    name: courier?.nome ?? '',
    phone: courier ? maskBrazilianPhoneInput(nationalDigits(courier.telefone)) : '',
    vehicle: courier?.veiculo ?? 'moto',
    activeToday: courier?.ativo_hoje ?? true,
    model: pay?.modelo ?? 'por_entrega',
    perDelivery: pay && pay.modelo !== 'faixa_km' ? formatReais(pay.valor_entrega) : '',
    daily: pay?.modelo === 'diaria_mais_entrega' ? formatReais(pay.diaria) : '',
    bands:
      pay?.modelo === 'faixa_km'
        ? pay.faixas.map((band) => ({ upToKm: kmText(band.ate_km), amount: formatReais(band.valor) }))
        : [
            { upToKm: '3', amount: '' },
            { upToKm: '6', amount: '' },
          ],
  };
}

/** Kilometres typed with a comma or a dot ('2,5'), positive; null otherwise. */
export function parseKm(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const km = Number(trimmed);
  return km > 0 ? Math.round(km * 10) / 10 : null;
}

const amountOf = (text: string): number | null => {
  const centavos = parseReais(text);
  return centavos !== null && centavos >= 0 ? centavos : null;
};

export type DraftResult =
  | { ok: true; body: CourierInput }
  | { ok: false; problems: { field: DraftField; problem: DraftProblem }[] };

export function courierFromDraft(draft: CourierDraft): DraftResult {
  const problems: { field: DraftField; problem: DraftProblem }[] = [];
  const name = draft.name.trim().replace(/\s+/g, ' ');
  if (name === '') problems.push({ field: 'name', problem: 'nameRequired' });
  const phone = draft.phone.replace(/\D/g, '');
  if (phone.length < 10 || phone.length > 11) problems.push({ field: 'phone', problem: 'phoneInvalid' });

  let pay: CourierPay | null = null;
  if (draft.model === 'faixa_km') {
    const bands: { ate_km: number; valor: number }[] = [];
    if (draft.bands.length === 0) problems.push({ field: 'band-0', problem: 'bandsRequired' });
    draft.bands.forEach((band, index) => {
      const km = parseKm(band.upToKm);
      const amount = amountOf(band.amount);
      if (km === null) problems.push({ field: `band-${index}`, problem: 'bandKmInvalid' });
      else if (bands.length > 0 && km <= (bands[bands.length - 1]?.ate_km ?? 0))
        problems.push({ field: `band-${index}`, problem: 'bandKmOrder' });
      if (amount === null) problems.push({ field: `band-${index}`, problem: 'amountInvalid' });
      if (km !== null && amount !== null) bands.push({ ate_km: km, valor: amount });
    });
    pay = { modelo: 'faixa_km', faixas: bands };
  } else {
    const perDelivery = amountOf(draft.perDelivery);
    if (perDelivery === null) problems.push({ field: 'perDelivery', problem: 'amountInvalid' });
    if (draft.model === 'diaria_mais_entrega') {
      const daily = amountOf(draft.daily);
      if (daily === null) problems.push({ field: 'daily', problem: 'amountInvalid' });
      pay = { modelo: 'diaria_mais_entrega', diaria: daily ?? 0, valor_entrega: perDelivery ?? 0 };
    } else pay = { modelo: 'por_entrega', valor_entrega: perDelivery ?? 0 };
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    body: {
      nome: name,
      telefone: phone,
      veiculo: draft.vehicle,
      ativo_hoje: draft.activeToday,
      pagamento: pay,
    },
  };
}

/** Settlement totals over every courier of the day. */
export function settlementTotals(rows: readonly CourierSettlementRow[]) {
  return rows.reduce(
    (sum, row) => ({
      entregas: sum.entregas + row.entregas,
      devido: sum.devido + row.devido,
      dinheiro_coletado: sum.dinheiro_coletado + row.dinheiro_coletado,
      liquido: sum.liquido + row.liquido,
    }),
    { entregas: 0, devido: 0, dinheiro_coletado: 0, liquido: 0 },
  );
}

/** Who pays whom, and how much (never a negative amount on screen). */
export function netDirection(liquido: number): { who: 'storePays' | 'courierPays' | 'even'; amount: number } {
  if (liquido > 0) return { who: 'storePays', amount: liquido };
  if (liquido < 0) return { who: 'courierPays', amount: -liquido };
  return { who: 'even', amount: 0 };
}

/** The band a settlement row's line stands for: 'até 3 km', '3–6 km', 'acima de 6 km'. */
export function bandLabel(
  bands: readonly { ate_km: number | null }[],
  index: number,
): { from: string | null; to: string | null } {
  const to = bands[index]?.ate_km ?? null;
  const previous = index > 0 ? (bands[index - 1]?.ate_km ?? null) : null;
  return { from: previous === null ? null : kmText(previous), to: to === null ? null : kmText(to) };
}
