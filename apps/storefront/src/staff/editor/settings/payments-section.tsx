import type { DocumentPaymentMethod } from '@comanda/contract';
import { useId } from 'react';
import { featureTranslator } from '../../../lib/i18n.ts';
import { useEditor } from '../editor-context.tsx';
import { NumberField, SelectField, TextField, Toggle, useIssue } from '../fields.tsx';
import { bindSettings, SectionForm, type SettingSetter, useSectionForm } from '../section-form.tsx';
import type { SectionProps } from '../section-props.ts';
import { ItemActions } from './item-actions.tsx';
import {
  DELIVERY_TYPES,
  durationText,
  type MethodType,
  moveMethod,
  newMethod,
  PIX_KEY_TYPES,
  type PixKeyType,
  pixKeyLooksRight,
  withDeliveryType,
  withType,
} from './payments-model.ts';
import './settings-screens.css';

const usePaymentsT = featureTranslator({
  pt_br: {
    title: 'Pagamentos',
    intro: 'Como os clientes pagam: na entrega ou no balcão, e pelo app.',
    methodsTitle: 'Na entrega, na retirada e na mesa',
    methodsIntro: 'A ordem aqui é a ordem da lista que o cliente vê.',
    newMethod: 'Nova forma de pagamento',
    number: 'nº {id}',
    descricao: 'Nome que o cliente vê',
    tipo: 'Tipo',
    tipo_dinheiro: 'Dinheiro',
    tipo_cartao: 'Cartão (maquininha)',
    tipo_pix: 'PIX para a chave da loja',
    tipo_online: 'Online (integração)',
    onlineTypeHint: 'Formas online não aparecem na lista de pagamento na entrega.',
    troco: 'Perguntar se precisa de troco',
    offeredFor: 'Oferecer para',
    type_Entregar: 'Entrega',
    type_Retirada: 'Retirada',
    'type_Vem comer': 'Comer no local',
    pixKey: 'Chave PIX',
    pixKeyType: 'Tipo da chave',
    key_cpf: 'CPF',
    key_cnpj: 'CNPJ',
    key_email: 'E-mail',
    key_telefone: 'Celular',
    key_aleatoria: 'Chave aleatória',
    pixKeyHint: 'O cliente copia esta chave para pagar e manda o comprovante.',
    pixKeyOdd: 'Confira: esta chave não parece um(a) {type}.',
    pixHolder: 'Nome do titular',
    pixHolderHint: 'Como aparece no app do banco, para o cliente conferir.',
    moveUp: 'Subir {name}',
    moveDown: 'Descer {name}',
    remove: 'Remover {name}',
    removeVisible: 'Remover',
    lastMethod: 'A loja precisa de pelo menos uma forma de pagamento.',
    add: 'Adicionar forma de pagamento',
    onlineTitle: 'Pelo app',
    provider: 'Integração de pagamento: {name}.',
    providerMissing:
      'Esta loja não tem integração de pagamento: o pagamento pelo app fica indisponível até a equipe técnica configurar uma.',
    providerNoCard: 'Esta integração não recebe cartão pelo app.',
    webhookRefused:
      'O provedor recusou o endereço de notificações ({url}): {detail}. Os pagamentos são conferidos mesmo assim, com alguns segundos de atraso; corrija no provedor.',
    online: 'Pagamento pelo app',
    onlineHint: 'O cliente paga ao pedir, pela integração da loja.',
    byPix: 'PIX pelo app',
    byPixHint: 'Um código PIX gerado para cada pedido; o pedido chega pago.',
    byCard: 'Cartão pelo app',
    byCardHint: 'Crédito digitado no app.',
    expiry: 'Validade do código PIX',
    expiryHint: 'Em segundos, de 30 a 86400. Agora: {text}.',
    seconds: 's',
    docRequired: 'Pedir CPF ou CNPJ nas entregas',
    docRequiredHint: 'O cliente informa o documento antes de finalizar um pedido para entrega.',
    advanced: 'Avançado',
    paymentKey: 'Chave pública de pagamento (legado)',
    paymentKeyHint:
      'Enviada ao app como está; o cartão pelo app usa a chave pública da integração. Deixe vazio se não souber.',
  },
  en: {
    title: 'Payments',
    intro: 'How customers pay: on delivery or at the counter, and in the app.',
    methodsTitle: 'On delivery, at pickup and at the table',
    methodsIntro: 'The order here is the order of the list customers see.',
    newMethod: 'New payment method',
    number: 'no. {id}',
    descricao: 'Name customers see',
    tipo: 'Kind',
    tipo_dinheiro: 'Cash',
    tipo_cartao: 'Card (machine)',
    tipo_pix: 'PIX to the store’s key',
    tipo_online: 'Online (integration)',
    onlineTypeHint: 'Online methods are not listed for paying on delivery.',
    troco: 'Ask whether change is needed',
    offeredFor: 'Offer for',
    type_Entregar: 'Delivery',
    type_Retirada: 'Pickup',
    'type_Vem comer': 'Eat in',
    pixKey: 'PIX key',
    pixKeyType: 'Key type',
    key_cpf: 'CPF',
    key_cnpj: 'CNPJ',
    key_email: 'E-mail',
    key_telefone: 'Mobile',
    key_aleatoria: 'Random key',
    pixKeyHint: 'Customers copy this key to pay and send the receipt.',
    pixKeyOdd: 'Check it: this key does not look like a {type}.',
    pixHolder: 'Holder’s name',
    pixHolderHint: 'As the bank app shows it, for customers to check.',
    moveUp: 'Move {name} up',
    moveDown: 'Move {name} down',
    remove: 'Remove {name}',
    removeVisible: 'Remove',
    lastMethod: 'The store needs at least one payment method.',
    add: 'Add payment method',
    onlineTitle: 'In the app',
    provider: 'Payment integration: {name}.',
    providerMissing:
      'This store has no payment integration: paying in the app is unavailable until the technical team sets one up.',
    providerNoCard: 'This integration does not take cards in the app.',
    webhookRefused:
      'The provider refused the notification address ({url}): {detail}. Payments are still checked, a few seconds later; fix it at the provider.',
    online: 'Payment in the app',
    onlineHint: 'Customers pay when ordering, through the store’s integration.',
    byPix: 'PIX in the app',
    byPixHint: 'A PIX code made for each order; the order arrives paid.',
    byCard: 'Card in the app',
    byCardHint: 'Credit card typed in the app.',
    expiry: 'PIX code valid for',
    expiryHint: 'In seconds, 30 to 86400. Now: {text}.',
    seconds: 's',
    docRequired: 'Ask for CPF or CNPJ on deliveries',
    docRequiredHint: 'Customers give the document before finishing a delivery order.',
    advanced: 'Advanced',
    paymentKey: 'Public payment key (legacy)',
    paymentKeyHint:
      'Sent to the app as is; card payment in the app uses the integration’s public key. Leave empty if unsure.',
  },
});
type PaymentsT = ReturnType<typeof usePaymentsT>;

const PROVIDER_NAMES: Record<string, string> = {
  mercadopago: 'Mercado Pago',
  stripe: 'Stripe',
  apipix: 'API Pix',
  static_pix: 'PIX estático',
};
/** The providers whose kit takes cards in the app (docs/decisions/0029). */
const CARD_PROVIDERS = ['mercadopago', 'stripe'];
const METHOD_TYPES: MethodType[] = ['dinheiro', 'cartao', 'pix', 'online'];

type OnlineKey =
  | 'online_payment'
  | 'payment_by_pix'
  | 'payment_by_card'
  | 'payment_key'
  | 'expiration_time_pix'
  | 'delivery_customer_doc_required';

/** The payment methods with the store's PIX key, paying in the app, the customer's document (section `payments`). */
export default function PaymentsSection({ onDirty }: SectionProps) {
  const t = usePaymentsT();
  const { reply } = useEditor();
  const { draft, setSetting, editPart, form } = useSectionForm('payments', onDirty);
  const set: SettingSetter<OnlineKey> = setSetting;
  const settings = draft.settings;
  const bind = bindSettings(settings, set);
  const methods = draft.payment_methods;
  const setMethods = editPart('payment_methods');
  const provider = reply.payment_provider;
  const takesCards = provider !== null && CARD_PROVIDERS.includes(provider);
  const listIssue = useIssue('payment_methods');
  return (
    <SectionForm {...form} title={t('title')} intro={t('intro')}>
      <div className="settings-subhead">
        <h3>{t('methodsTitle')}</h3>
      </div>
      <p className="editor-hint">{t('methodsIntro')}</p>
      {methods.map((method, index) => (
        <MethodCard
          key={method.id}
          method={method}
          index={index}
          count={methods.length}
          t={t}
          onChange={(next) => setMethods((list) => list.map((item, i) => (i === index ? next : item)))}
          onMove={(by) => setMethods((list) => moveMethod(list, index, by))}
          onRemove={() => setMethods((list) => list.filter((_, i) => i !== index))}
        />
      ))}
      {listIssue ? <p className="editor-issue">{listIssue}</p> : null}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => setMethods((list) => [...list, newMethod(list)])}
      >
        + {t('add')}
      </button>

      <section className="editor-group" aria-labelledby="payments-online-title">
        <h3 id="payments-online-title">{t('onlineTitle')}</h3>
        <p className="settings-provider" data-missing={provider ? undefined : true}>
          {provider ? t('provider', { name: PROVIDER_NAMES[provider] ?? provider }) : t('providerMissing')}
          {provider && !takesCards ? ` ${t('providerNoCard')}` : ''}
        </p>
        {reply.payment_provider_webhook && !reply.payment_provider_webhook.ok ? (
          <p className="editor-issue" role="status">
            {t('webhookRefused', {
              url: reply.payment_provider_webhook.url,
              detail: reply.payment_provider_webhook.detail ?? '',
            })}
          </p>
        ) : null}
        <Toggle
          label={t('online')}
          hint={t('onlineHint')}
          path="settings.online_payment"
          checked={settings.online_payment}
          disabled={!provider && !settings.online_payment}
          onChange={set('online_payment')}
        />
        <Toggle
          label={t('byPix')}
          hint={t('byPixHint')}
          path="settings.payment_by_pix"
          checked={settings.payment_by_pix}
          disabled={!provider && !settings.payment_by_pix}
          onChange={set('payment_by_pix')}
        />
        <Toggle
          label={t('byCard')}
          hint={t('byCardHint')}
          path="settings.payment_by_card"
          checked={settings.payment_by_card}
          disabled={!takesCards && !settings.payment_by_card}
          onChange={set('payment_by_card')}
        />
        <NumberField
          label={t('expiry')}
          hint={t('expiryHint', { text: durationText(settings.expiration_time_pix) || '—' })}
          path="settings.expiration_time_pix"
          value={settings.expiration_time_pix}
          onChange={(value) => set('expiration_time_pix')(value ?? 0)}
          min={0}
          suffix={t('seconds')}
        />
      </section>

      <Toggle
        label={t('docRequired')}
        hint={t('docRequiredHint')}
        {...bind.toggle('delivery_customer_doc_required')}
      />

      <details className="settings-advanced">
        <summary>{t('advanced')}</summary>
        <div>
          <TextField
            label={t('paymentKey')}
            hint={t('paymentKeyHint')}
            path="settings.payment_key"
            value={settings.payment_key ?? ''}
            onChange={(value) => set('payment_key')(value.trim() === '' ? null : value)}
            maxLength={200}
          />
        </div>
      </details>
    </SectionForm>
  );
}

function MethodCard({
  method,
  index,
  count,
  t,
  onChange,
  onMove,
  onRemove,
}: {
  method: DocumentPaymentMethod;
  index: number;
  count: number;
  t: PaymentsT;
  onChange: (method: DocumentPaymentMethod) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const headingId = useId();
  const path = `payment_methods.${index}`;
  const name = method.descricao.trim() || t('newMethod');
  const typesIssue = useIssue(`${path}.tipos_entrega`);
  const keyType = method.tipo_chave_pix;
  const keyOdd =
    method.tipo === 'pix' &&
    (method.chave_pix ?? '').trim() !== '' &&
    !pixKeyLooksRight(keyType, method.chave_pix);
  return (
    <section className="editor-group" aria-labelledby={headingId}>
      <div className="settings-subhead">
        <h4 id={headingId}>{name}</h4>
        <span className="staff-muted">{t('number', { id: method.id })}</span>
      </div>
      <TextField
        label={t('descricao')}
        path={`${path}.descricao`}
        value={method.descricao}
        onChange={(descricao) => onChange({ ...method, descricao })}
        maxLength={80}
      />
      <SelectField
        label={t('tipo')}
        path={`${path}.tipo`}
        value={method.tipo}
        hint={method.tipo === 'online' ? t('onlineTypeHint') : undefined}
        options={METHOD_TYPES.map((value) => ({ value, label: t(`tipo_${value}`) }))}
        onChange={(tipo) => onChange(withType(method, tipo))}
      />
      {method.tipo === 'dinheiro' ? (
        <Toggle
          label={t('troco')}
          path={`${path}.permite_troco`}
          checked={method.permite_troco}
          onChange={(permite_troco) => onChange({ ...method, permite_troco })}
        />
      ) : null}
      {method.tipo === 'pix' ? (
        <>
          <SelectField<PixKeyType>
            label={t('pixKeyType')}
            path={`${path}.tipo_chave_pix`}
            value={keyType ?? 'cpf'}
            options={PIX_KEY_TYPES.map((value) => ({ value, label: t(`key_${value}`) }))}
            onChange={(tipo_chave_pix) => onChange({ ...method, tipo_chave_pix })}
          />
          <TextField
            label={t('pixKey')}
            hint={keyOdd ? t('pixKeyOdd', { type: t(`key_${keyType ?? 'cpf'}`) }) : t('pixKeyHint')}
            path={`${path}.chave_pix`}
            value={method.chave_pix ?? ''}
            onChange={(value) => onChange({ ...method, chave_pix: value === '' ? null : value })}
            maxLength={140}
          />
          <TextField
            label={t('pixHolder')}
            hint={t('pixHolderHint')}
            path={`${path}.pix_nome_titular`}
            value={method.pix_nome_titular ?? ''}
            onChange={(value) => onChange({ ...method, pix_nome_titular: value === '' ? null : value })}
            maxLength={120}
          />
        </>
      ) : null}
      <fieldset className="settings-shift">
        <legend>{t('offeredFor')}</legend>
        <div className="settings-checks">
          {DELIVERY_TYPES.map((type) => (
            <label key={type} className="settings-check">
              <input
                type="checkbox"
                checked={method.tipos_entrega.includes(type)}
                aria-invalid={typesIssue ? true : undefined}
                onChange={(event) => onChange(withDeliveryType(method, type, event.target.checked))}
              />
              {t(`type_${type}`)}
            </label>
          ))}
        </div>
        {typesIssue ? <p className="editor-issue">{typesIssue}</p> : null}
      </fieldset>
      <ItemActions
        index={index}
        count={count}
        labels={{
          moveUp: t('moveUp', { name }),
          moveDown: t('moveDown', { name }),
          remove: t('remove', { name }),
          removeText: t('removeVisible'),
        }}
        onMove={onMove}
        onRemove={onRemove}
        removeBlockedBy={count === 1 ? t('lastMethod') : undefined}
      />
    </section>
  );
}
