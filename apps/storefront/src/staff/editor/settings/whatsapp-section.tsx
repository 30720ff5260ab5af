import type { WhatsappSettingsReply } from '@comanda/contract';
import { storeDateTimeText } from '@comanda/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { CopyValue } from '../../../components/copy-value.tsx';
import { featureTranslator } from '../../../lib/i18n.ts';
import { pageStoreTimeZone } from '../../../lib/store-time-zone.ts';
import { staffFetch } from '../../lib/staff-api.ts';
import { failureText, useWhatsappWordsT } from '../../lib/whatsapp-failures.ts';
import { whatsappPhoneText } from '../../lib/whatsapp-words.ts';
import { Toggle } from '../fields.tsx';
import type { SectionProps } from '../section-props.ts';
import {
  initialForm,
  missingForActive,
  type RequiredField,
  SECRET_FIELDS,
  secretSet,
  settingsPayload,
  templateRows,
  toggleRegistered,
  type WhatsappForm,
} from './whatsapp-model.ts';
import './whatsapp-section.css';

const ptBr = {
  title: 'WhatsApp',
  intro:
    'O número da loja no WhatsApp Business (API de nuvem da Meta): avisos dos pedidos a quem aceitou recebê-los, códigos de acesso e as conversas da aba WhatsApp. Só donos mudam.',
  loading: 'Carregando…',
  loadFailed: 'Não foi possível carregar: {detail}',
  channel: 'Canal',
  active: 'WhatsApp ativo',
  activeHint: 'Desligado, nada é enviado e os clientes recebem os códigos por SMS.',
  field_phone_number_id: 'Identificação do número (phone number ID)',
  phoneNumberIdHint: 'No painel da Meta, em WhatsApp › Configuração da API.',
  numero_exibicao: 'Número mostrado aos clientes',
  numeroHint: 'Como aparece para o cliente, por exemplo +55 11 4000-1234.',
  secrets: 'Chaves',
  secretsIntro: 'Nunca são mostradas de volta. Deixe em branco para manter a que está guardada.',
  field_token: 'Token de acesso',
  field_app_secret: 'Chave secreta do app (app secret)',
  field_verify_token: 'Token de verificação do webhook',
  secretSet: 'definido',
  secretUnset: 'não definido',
  webhook: 'Webhook',
  webhookIntro:
    'Na Meta, em WhatsApp › Configuração, informe este endereço e o token de verificação acima, e assine “messages”.',
  webhookUrl: 'Endereço do webhook',
  copy: 'Copiar',
  copied: 'Copiado',
  copiedNotice: 'Endereço copiado!',
  copyFailed: 'Não foi possível copiar. Selecione o endereço e copie.',
  templates: 'Modelos de mensagem',
  templatesIntro:
    'Registre cada modelo na Meta com este nome, categoria e texto ({{1}}, {{2}}… são as variáveis), e marque quando for aprovado. Só modelos marcados são enviados.',
  category_UTILITY: 'Utilidade',
  category_AUTHENTICATION: 'Autenticação',
  variables: 'Variáveis: {list}',
  var_loja: 'nome da loja',
  var_numero_pedido: 'número do pedido',
  var_previsao: 'previsão de entrega',
  var_link_pedido: 'link do pedido',
  var_motivo: 'motivo',
  var_horario_limite: 'horário limite',
  var_codigo: 'código',
  languagePt: 'Português (pt_BR)',
  languageEn: 'Inglês (en)',
  noText: 'Sem texto neste idioma.',
  registered: 'Registrado na Meta',
  registeredMark: 'registrado',
  failures: 'Falhas recentes',
  noFailures: 'Nenhuma falha recente.',
  failureWho: '{phone} · {template}',
  noTemplate: 'sem modelo',
  missing: 'Para ativar, preencha: {fields}.',
  save: 'Salvar WhatsApp',
  saving: 'Salvando…',
  saved: 'WhatsApp salvo.',
  failed: 'Não foi salvo: {detail}',
};

const en: Record<keyof typeof ptBr, string> = {
  title: 'WhatsApp',
  intro:
    'The store’s WhatsApp Business number (Meta’s Cloud API): order updates to those who agreed, sign-in codes and the WhatsApp tab’s conversations. Only owners change it.',
  loading: 'Loading…',
  loadFailed: 'Could not load: {detail}',
  channel: 'Channel',
  active: 'WhatsApp on',
  activeHint: 'Off, nothing is sent and customers get their codes by SMS.',
  field_phone_number_id: 'Phone number ID',
  phoneNumberIdHint: 'In Meta’s dashboard, under WhatsApp › API setup.',
  numero_exibicao: 'Number shown to customers',
  numeroHint: 'As customers see it, e.g. +55 11 4000-1234.',
  secrets: 'Keys',
  secretsIntro: 'Never shown back. Leave empty to keep the stored one.',
  field_token: 'Access token',
  field_app_secret: 'App secret',
  field_verify_token: 'Webhook verify token',
  secretSet: 'set',
  secretUnset: 'not set',
  webhook: 'Webhook',
  webhookIntro:
    'At Meta, under WhatsApp › Configuration, enter this address and the verify token above, and subscribe to “messages”.',
  webhookUrl: 'Webhook address',
  copy: 'Copy',
  copied: 'Copied',
  copiedNotice: 'Address copied!',
  copyFailed: 'It could not be copied. Select the address and copy it.',
  templates: 'Message templates',
  templatesIntro:
    'Register each template at Meta with this name, category and text ({{1}}, {{2}}… are the variables), and tick it once approved. Only ticked templates are sent.',
  category_UTILITY: 'Utility',
  category_AUTHENTICATION: 'Authentication',
  variables: 'Variables: {list}',
  var_loja: 'store name',
  var_numero_pedido: 'order number',
  var_previsao: 'expected time',
  var_link_pedido: 'order link',
  var_motivo: 'reason',
  var_horario_limite: 'deadline',
  var_codigo: 'code',
  languagePt: 'Portuguese (pt_BR)',
  languageEn: 'English (en)',
  noText: 'No text in this language.',
  registered: 'Registered at Meta',
  registeredMark: 'registered',
  failures: 'Recent failures',
  noFailures: 'No recent failures.',
  failureWho: '{phone} · {template}',
  noTemplate: 'no template',
  missing: 'To turn it on, fill in: {fields}.',
  save: 'Save WhatsApp',
  saving: 'Saving…',
  saved: 'WhatsApp saved.',
  failed: 'Not saved: {detail}',
};

const useWhatsappSettingsT = featureTranslator({ pt_br: ptBr, en });

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; detail: string };

const FIELD_LABEL: Record<RequiredField, `field_${RequiredField}`> = {
  phone_number_id: 'field_phone_number_id',
  token: 'field_token',
  app_secret: 'field_app_secret',
  verify_token: 'field_verify_token',
};

/** Ajustes › WhatsApp (owners; issue 36, docs/decisions/0073). */
export default function WhatsappSection({ onDirty }: SectionProps) {
  const t = useWhatsappSettingsT();
  const words = useWhatsappWordsT();
  const zone = pageStoreTimeZone();
  const [reply, setReply] = useState<WhatsappSettingsReply | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState<WhatsappForm | null>(null);
  const [dirty, setDirty] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const start = (read: WhatsappSettingsReply) => {
    setReply(read);
    setForm(initialForm(read));
    setDirty(false);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once when the screen opens
  useEffect(() => {
    staffFetch<WhatsappSettingsReply>('/staff/whatsapp/settings').then(start, (caught: unknown) =>
      setLoadError(caught instanceof Error ? caught.message : String(caught)),
    );
  }, []);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  if (loadError) {
    return (
      <p className="staff-error" role="alert">
        {t('loadFailed', { detail: loadError })}
      </p>
    );
  }
  if (!reply || !form) return <p className="staff-muted">{t('loading')}</p>;

  const missing = missingForActive(form, reply);
  const edit = (patch: Partial<WhatsappForm>) => {
    setForm({ ...form, ...patch });
    setDirty(true);
    setStatus({ kind: 'idle' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (missing.length > 0 || status.kind === 'saving') return;
    setStatus({ kind: 'saving' });
    try {
      const saved = await staffFetch<WhatsappSettingsReply>('/staff/whatsapp/settings', {
        method: 'PUT',
        json: settingsPayload(form),
      });
      start(saved);
      setStatus({ kind: 'saved' });
    } catch (caught) {
      setStatus({ kind: 'failed', detail: caught instanceof Error ? caught.message : String(caught) });
    }
  };

  return (
    <form
      className="editor-section wa-settings"
      onSubmit={submit}
      noValidate
      aria-labelledby="wa-settings-title"
    >
      <h2 id="wa-settings-title">{t('title')}</h2>
      <p className="staff-muted">{t('intro')}</p>

      <section className="editor-fields" aria-labelledby="wa-channel-title">
        <h3 id="wa-channel-title" className="wa-legend">
          {t('channel')}
        </h3>
        <Toggle
          label={t('active')}
          hint={t('activeHint')}
          checked={form.ativo}
          onChange={(ativo) => edit({ ativo })}
        />
        <label className="staff-field">
          <span>{t('field_phone_number_id')}</span>
          <input
            value={form.phone_number_id}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={missing.includes('phone_number_id') && dirty ? true : undefined}
            onChange={(event) => edit({ phone_number_id: event.target.value })}
          />
          <small className="staff-muted">{t('phoneNumberIdHint')}</small>
        </label>
        <label className="staff-field">
          <span>{t('numero_exibicao')}</span>
          <input
            value={form.numero_exibicao}
            inputMode="tel"
            autoComplete="off"
            onChange={(event) => edit({ numero_exibicao: event.target.value })}
          />
          <small className="staff-muted">{t('numeroHint')}</small>
        </label>
      </section>

      <section className="editor-fields" aria-labelledby="wa-secrets-title">
        <h3 id="wa-secrets-title" className="wa-legend">
          {t('secrets')}
        </h3>
        <p className="staff-muted">{t('secretsIntro')}</p>
        {SECRET_FIELDS.map((field) => {
          const set = secretSet(reply, field);
          return (
            <label key={field} className="staff-field">
              <span className="wa-secret-label">
                {t(FIELD_LABEL[field])}
                <span className="wa-secret-state" data-set={set || undefined}>
                  {set ? `✓ ${t('secretSet')}` : t('secretUnset')}
                </span>
              </span>
              <input
                type="password"
                value={form[field]}
                autoComplete="new-password"
                spellCheck={false}
                placeholder={set ? '••••••••' : ''}
                aria-invalid={missing.includes(field) && dirty ? true : undefined}
                onChange={(event) => edit({ [field]: event.target.value })}
              />
            </label>
          );
        })}
      </section>

      <section className="editor-fields" aria-labelledby="wa-webhook-title">
        <h3 id="wa-webhook-title" className="wa-legend">
          {t('webhook')}
        </h3>
        <p className="staff-muted">{t('webhookIntro')}</p>
        <CopyValue
          value={reply.webhook_url}
          texts={{
            label: t('webhookUrl'),
            copy: t('copy'),
            copied: t('copied'),
            copiedNotice: t('copiedNotice'),
            failedNotice: t('copyFailed'),
          }}
        />
      </section>

      <section className="editor-fields" aria-labelledby="wa-templates-title">
        <h3 id="wa-templates-title" className="wa-legend">
          {t('templates')}
        </h3>
        <p className="staff-muted">{t('templatesIntro')}</p>
        <ul className="wa-templates">
          {templateRows(reply.templates).map((row) => {
            const registered = form.registrados.includes(row.nome);
            return (
              <li key={row.nome} className="wa-template">
                <div className="wa-template-head">
                  <code className="wa-template-name">{row.nome}</code>
                  <span className="wa-chip">{t(`category_${row.categoria}`)}</span>
                  {registered ? (
                    <span className="wa-registered">
                      <span aria-hidden="true">✓</span> {t('registeredMark')}
                    </span>
                  ) : null}
                </div>
                <dl className="wa-template-texts">
                  <dt>{t('languagePt')}</dt>
                  <dd>{row.pt ?? t('noText')}</dd>
                  <dt>{t('languageEn')}</dt>
                  <dd>{row.en ?? t('noText')}</dd>
                </dl>
                {row.variaveis.length > 0 ? (
                  <p className="staff-muted wa-variables">
                    {t('variables', {
                      list: row.variaveis
                        .map((name, index) => `{{${index + 1}}} ${t(`var_${name}`)}`)
                        .join(', '),
                    })}
                  </p>
                ) : null}
                <Toggle
                  label={t('registered')}
                  checked={registered}
                  onChange={(on) => edit({ registrados: toggleRegistered(form, row.nome, on).registrados })}
                />
              </li>
            );
          })}
        </ul>
      </section>

      <section className="editor-fields" aria-labelledby="wa-failures-title">
        <h3 id="wa-failures-title" className="wa-legend">
          {t('failures')}
        </h3>
        {reply.falhas_recentes.length === 0 ? (
          <p className="staff-muted">{t('noFailures')}</p>
        ) : (
          <ul className="wa-failures">
            {reply.falhas_recentes.map((failure, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, newest first, read once
              <li key={index}>
                <span className="wa-failure-when">
                  {storeDateTimeText(new Date(failure.em), zone)} ·{' '}
                  {t('failureWho', {
                    phone: failure.telefone ? whatsappPhoneText(failure.telefone) : '—',
                    template: failure.template ?? t('noTemplate'),
                  })}
                </span>
                <span>{failureText(failure, words)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="editor-savebar">
        <p className="editor-status" role="status">
          {status.kind === 'saving'
            ? t('saving')
            : status.kind === 'saved'
              ? t('saved')
              : status.kind === 'failed'
                ? t('failed', { detail: status.detail })
                : missing.length > 0
                  ? t('missing', { fields: missing.map((field) => t(FIELD_LABEL[field])).join(', ') })
                  : ''}
        </p>
        <button
          type="submit"
          className="button button-primary"
          disabled={!dirty || missing.length > 0 || status.kind === 'saving'}
          aria-busy={status.kind === 'saving'}
        >
          {status.kind === 'saving' ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}
