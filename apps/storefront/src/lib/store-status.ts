import type { Company } from '@comanda/contract';

type StatusInput = Pick<
  Company,
  'loja_aberta' | 'agendamento_ativo' | 'permite_agendamento' | 'schedule_periods'
>;

/** Scheduling is on (both flags) and at least one period is still free. */
export function canSchedule(company: StatusInput): boolean {
  return (
    company.agendamento_ativo && company.permite_agendamento && company.schedule_periods.some((p) => p.free)
  );
}

/**
 * Spec section 2 "Closed-store logic": on home and confirmation, a closed store shows the closed
 * view unless scheduling is on with free periods.
 */
export function showsClosedView(company: StatusInput): boolean {
  return !company.loja_aberta && !canSchedule(company);
}

export type StoreBanner = 'closed' | 'scheduling' | null;

/**
 * The banner line for a store (the table banners come with table mode): the dismissible scheduling
 * warning when closed but orders can be scheduled, else the closed message.
 */
export function storeBanner(company: StatusInput, schedulingDismissed: boolean): StoreBanner {
  if (company.loja_aberta) return null;
  if (canSchedule(company)) return schedulingDismissed ? null : 'scheduling';
  return 'closed';
}
