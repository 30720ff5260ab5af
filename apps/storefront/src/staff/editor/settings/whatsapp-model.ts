import type { WhatsappSettingsReply, WhatsappSettingsRequest, WhatsappTemplate } from '@comanda/contract';

/*
 * Ajustes › WhatsApp (issue 36, docs/decisions/0073): the form of the store's channel. Secrets are
 * write-only: the form starts them empty, says whether each is set ('definido'), and sends only
 * those typed; templates are listed once per name with their pt-BR and en texts.
 */

export const SECRET_FIELDS = ['token', 'app_secret', 'verify_token'] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];

export interface WhatsappForm {
  ativo: boolean;
  phone_number_id: string;
  numero_exibicao: string;
  token: string;
  app_secret: string;
  verify_token: string;
  registrados: readonly string[];
}

export function initialForm(reply: WhatsappSettingsReply): WhatsappForm {
  const registered = new Set(
    reply.templates.filter((template) => template.registrado).map((each) => each.nome),
  );
  return {
    ativo: reply.ativo,
    phone_number_id: reply.phone_number_id ?? '',
    numero_exibicao: reply.numero_exibicao,
    token: '',
    app_secret: '',
    verify_token: '',
    registrados: [...registered],
  };
}

/** Whether the store already has each secret (the reply's `*_definido`). */
export function secretSet(reply: WhatsappSettingsReply, field: SecretField): boolean {
  if (field === 'token') return reply.token_definido;
  if (field === 'app_secret') return reply.app_secret_definido;
  return reply.verify_token_definido;
}

/** The PUT body: a secret left empty keeps the stored one; an empty phone number id is none. */
export function settingsPayload(form: WhatsappForm): WhatsappSettingsRequest {
  const payload: WhatsappSettingsRequest = {
    ativo: form.ativo,
    phone_number_id: form.phone_number_id.trim() === '' ? null : form.phone_number_id.trim(),
    numero_exibicao: form.numero_exibicao.trim(),
    templates_registrados: [...form.registrados],
  };
  for (const field of SECRET_FIELDS) {
    const value = form[field].trim();
    if (value !== '') payload[field] = value;
  }
  return payload;
}

export type RequiredField = 'phone_number_id' | SecretField;

/** What an active channel still lacks (the server refuses it too): typed here or already stored. */
export function missingForActive(form: WhatsappForm, reply: WhatsappSettingsReply): RequiredField[] {
  if (!form.ativo) return [];
  const missing: RequiredField[] = [];
  if (form.phone_number_id.trim() === '') missing.push('phone_number_id');
  for (const field of SECRET_FIELDS) {
    if (form[field].trim() === '' && !secretSet(reply, field)) missing.push(field);
  }
  return missing;
}

export interface TemplateRow {
  nome: string;
  categoria: WhatsappTemplate['categoria'];
  variaveis: WhatsappTemplate['variaveis'];
  pt: string | null;
  en: string | null;
}

/** One row per template name, in the server's order, with its text in each language. */
export function templateRows(templates: readonly WhatsappTemplate[]): TemplateRow[] {
  const rows = new Map<string, TemplateRow>();
  for (const template of templates) {
    const row = rows.get(template.nome) ?? {
      nome: template.nome,
      categoria: template.categoria,
      variaveis: template.variaveis,
      pt: null,
      en: null,
    };
    if (template.idioma === 'pt_BR') row.pt = template.texto;
    else row.en = template.texto;
    rows.set(template.nome, row);
  }
  return [...rows.values()];
}

export function toggleRegistered(form: WhatsappForm, nome: string, on: boolean): WhatsappForm {
  const others = form.registrados.filter((each) => each !== nome);
  return { ...form, registrados: on ? [...others, nome] : others };
}
