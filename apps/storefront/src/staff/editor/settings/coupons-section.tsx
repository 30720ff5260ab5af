import type { DocumentCoupon } from '@comanda/contract';
import { formatBRL } from '@comanda/domain';
import { useContext, useState } from 'react';
import { featureTranslator } from '../../../lib/i18n.ts';
import type { EditorIssue } from '../editor-context.tsx';
import { useEditor } from '../editor-context.tsx';
import {
  DateTimeField,
  IssuesContext,
  MoneyField,
  NumberField,
  SelectField,
  TextField,
  Toggle,
} from '../fields.tsx';
import { SectionForm, useSectionForm } from '../section-form.tsx';
import type { SectionProps } from '../section-props.ts';
import { formatStoreDateTime, isoToStoreInput, storeInputToIso } from '../store-time.ts';
import {
  couponCodeProblem,
  couponGives,
  couponStatus,
  newCoupon,
  normaliseCouponCode,
  percentText,
} from './coupon-model.ts';
import './settings.css';

const useCouponsT = featureTranslator({
  pt_br: {
    title: 'Cupons',
    intro:
      'Códigos que o cliente digita no pagamento (ou recebe num link com ?coupon=CÓDIGO) para ganhar um desconto. Um cupom não vale junto com a recompensa de fidelidade.',
    empty: 'A loja ainda não tem cupons.',
    add: 'Adicionar cupom',
    edit: 'Editar',
    done: 'Pronto',
    remove: 'Remover',
    removeNamed: 'Remover o cupom {code}',
    editNamed: 'Editar o cupom {code}',
    newCoupon: 'Novo cupom',
    couponNamed: 'Cupom {code}',
    code: 'Código',
    codeHint:
      'De 2 a 40 letras, números, - ou _. Fica em maiúsculas; o cliente pode digitar de qualquer jeito.',
    codeFormat: 'O código deve ter de 2 a 40 letras, números, - ou _ (sem espaços nem acentos).',
    codeDuplicate: 'Outro cupom já usa este código.',
    descricao: 'Descrição',
    descricaoHint: 'O cliente vê este texto, como "10% de desconto nos produtos".',
    ativo: 'Ativo',
    ativoHint: 'Desligado, o cupom não vale, mesmo dentro da validade.',
    kind: 'Tipo de desconto',
    kindPercent: 'Porcentagem (%)',
    kindFixed: 'Valor fixo (R$)',
    percent: 'Porcentagem',
    percentHint: 'De 0 a 100, até duas casas decimais.',
    value: 'Valor do desconto',
    local: 'Desconto sobre',
    localCart: 'Os produtos (carrinho)',
    localDelivery: 'A taxa de entrega',
    localBoth: 'Os produtos e a entrega',
    localHint:
      'O desconto nunca passa do valor sobre o qual é dado. Cupom de entrega só vale em pedidos para entregar.',
    validFrom: 'Válido a partir de',
    validUntil: 'Válido até',
    validHint:
      'dd/mm/aaaa e HH:MM, no fuso horário da loja (em Horários). Sem hora: o dia todo. Em branco: sem data.',
    invalidDate: 'Data inválida: digite dia/mês/ano (como 29/02/2028) e, se quiser, a hora HH:MM.',
    maxUses: 'Usos no total',
    maxUsesHint: 'Pedidos de todos os clientes somados. Em branco: sem limite.',
    maxUsesPerCustomer: 'Usos por cliente',
    maxUsesPerCustomerHint: 'Em branco: sem limite.',
    minSubtotal: 'Pedido mínimo',
    minSubtotalHint: 'Produtos e adicionais; 0,00 para nenhum.',
    givesCart: '{amount} de desconto nos produtos',
    givesDelivery: '{amount} de desconto na entrega',
    givesBoth: '{amount} de desconto nos produtos e na entrega',
    statusInactive: 'Desativado',
    statusScheduled: 'Agendado',
    statusEnded: 'Encerrado',
    statusActive: 'Ativo',
    validBetween: 'Vale de {from} até {until}',
    validFromOnly: 'Vale a partir de {from}',
    validUntilOnly: 'Vale até {until}',
    validAlways: 'Sem prazo de validade',
    limitUses: 'até {count} usos',
    limitUses_one: 'até {count} uso',
    limitPerCustomer: '{count} por cliente',
    limitMinimum: 'pedido mínimo de {amount}',
    limitsNone: 'Sem limite de usos nem pedido mínimo',
    limits: 'Limites: {list}',
    removedNote: 'Um cupom removido para de valer ao salvar; os usos que já teve ficam guardados.',
  },
  en: {
    title: 'Coupons',
    intro:
      'Codes a customer types at checkout (or gets in a link with ?coupon=CODE) for a discount. A coupon does not go together with the loyalty reward.',
    empty: 'The store has no coupons yet.',
    add: 'Add coupon',
    edit: 'Edit',
    done: 'Done',
    remove: 'Remove',
    removeNamed: 'Remove coupon {code}',
    editNamed: 'Edit coupon {code}',
    newCoupon: 'New coupon',
    couponNamed: 'Coupon {code}',
    code: 'Code',
    codeHint: '2 to 40 letters, digits, - or _. Kept in capitals; customers may type it any way.',
    codeFormat: 'The code must be 2 to 40 letters, digits, - or _ (no spaces or accents).',
    codeDuplicate: 'Another coupon already uses this code.',
    descricao: 'Description',
    descricaoHint: 'Customers see this text, like "10% off the products".',
    ativo: 'Active',
    ativoHint: 'Switched off, the coupon does not work, even within its dates.',
    kind: 'Kind of discount',
    kindPercent: 'Percent (%)',
    kindFixed: 'Fixed amount (R$)',
    percent: 'Percent',
    percentHint: '0 to 100, up to two decimals.',
    value: 'Discount',
    local: 'Discount on',
    localCart: 'The products (cart)',
    localDelivery: 'The delivery fee',
    localBoth: 'The products and the delivery',
    localHint:
      'The discount never exceeds what it is taken from. A delivery coupon works on delivery orders only.',
    validFrom: 'Valid from',
    validUntil: 'Valid until',
    validHint:
      'dd/mm/yyyy and HH:MM, in the store’s time zone (see Hours). No time: the whole day. Empty: no date.',
    invalidDate: 'Not a date: type day/month/year (such as 29/02/2028) and, if you like, the time HH:MM.',
    maxUses: 'Uses in total',
    maxUsesHint: 'Orders of all customers together. Empty: no limit.',
    maxUsesPerCustomer: 'Uses per customer',
    maxUsesPerCustomerHint: 'Empty: no limit.',
    minSubtotal: 'Minimum order',
    minSubtotalHint: 'Products and extras; 0,00 for none.',
    givesCart: '{amount} off the products',
    givesDelivery: '{amount} off the delivery',
    givesBoth: '{amount} off the products and the delivery',
    statusInactive: 'Switched off',
    statusScheduled: 'Scheduled',
    statusEnded: 'Ended',
    statusActive: 'Active',
    validBetween: 'Valid from {from} until {until}',
    validFromOnly: 'Valid from {from}',
    validUntilOnly: 'Valid until {until}',
    validAlways: 'No end date',
    limitUses: 'up to {count} uses',
    limitUses_one: 'up to {count} use',
    limitPerCustomer: '{count} per customer',
    limitMinimum: 'minimum order {amount}',
    limitsNone: 'No limit of uses nor minimum order',
    limits: 'Limits: {list}',
    removedNote: 'A removed coupon stops working when saved; the uses it had are kept.',
  },
});

type CouponsT = ReturnType<typeof useCouponsT>;

/** Text compared as read: any spaces (formatBRL's is a no-break one) alike, any case. */
const plain = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

function givesText(coupon: DocumentCoupon, t: CouponsT): string {
  const gives = couponGives(coupon);
  const amount = gives.percent !== null ? `${percentText(gives.percent)}%` : formatBRL(gives.centavos ?? 0);
  const key =
    gives.target === 'cart' ? 'givesCart' : gives.target === 'delivery' ? 'givesDelivery' : 'givesBoth';
  return t(key, { amount });
}

function validityText(coupon: DocumentCoupon, t: CouponsT): string {
  const from = coupon.valid_from ? formatStoreDateTime(coupon.valid_from) : null;
  const until = coupon.valid_until ? formatStoreDateTime(coupon.valid_until) : null;
  if (from && until) return t('validBetween', { from, until });
  if (from) return t('validFromOnly', { from });
  if (until) return t('validUntilOnly', { until });
  return t('validAlways');
}

function limitsText(coupon: DocumentCoupon, t: CouponsT): string {
  const parts = [
    coupon.max_uses !== null ? t('limitUses', { count: coupon.max_uses }) : null,
    coupon.max_uses_per_customer !== null
      ? t('limitPerCustomer', { count: coupon.max_uses_per_customer })
      : null,
    coupon.min_subtotal > 0 ? t('limitMinimum', { amount: formatBRL(coupon.min_subtotal) }) : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? t('limits', { list: parts.join(' · ') }) : t('limitsNone');
}

/** The store's coupons (section `coupons`): a list to read, each opened in place to change it. */
export default function CouponsSection({ onDirty }: SectionProps) {
  const t = useCouponsT();
  const { draft, editPart, form } = useSectionForm('coupons', onDirty);
  const [open, setOpen] = useState<number | null>(null);
  const setCoupons = editPart('coupons');
  return (
    <SectionForm
      {...form}
      title={t('title')}
      intro={t('intro')}
      onDiscard={() => {
        form.onDiscard();
        setOpen(null);
      }}
      onSaved={(document) => {
        form.onSaved(document);
        setOpen(null);
      }}
    >
      <CouponList
        coupons={draft.coupons}
        open={open}
        onOpen={setOpen}
        onChange={(index, patch) =>
          setCoupons((coupons) =>
            coupons.map((coupon, i) => (i === index ? { ...coupon, ...patch } : coupon)),
          )
        }
        onRemove={(index) => {
          setCoupons((coupons) => coupons.filter((_, i) => i !== index));
          setOpen((current) =>
            current === null || current < index ? current : current === index ? null : current - 1,
          );
        }}
        onAdd={() => {
          setCoupons((coupons) => [...coupons, newCoupon()]);
          setOpen(draft.coupons.length);
        }}
      />
    </SectionForm>
  );
}

function CouponList({
  coupons,
  open,
  onOpen,
  onChange,
  onRemove,
  onAdd,
}: {
  coupons: DocumentCoupon[];
  open: number | null;
  onOpen: (index: number | null) => void;
  onChange: (index: number, patch: Partial<DocumentCoupon>) => void;
  onRemove: (index: number) => void;
  onAdd: () => void;
}) {
  const t = useCouponsT();
  const { canEdit } = useEditor();
  const issues = useContext(IssuesContext);
  const now = new Date();
  // A coupon the server refused stays open, so its fields show why.
  const refused = (index: number) => issues.some((issue) => issue.field.startsWith(`coupons.${index}.`));
  return (
    <>
      {coupons.length === 0 ? <p className="staff-muted coupon-empty">{t('empty')}</p> : null}
      <ul className="coupon-list">
        {coupons.map((coupon, index) =>
          canEdit && (open === index || refused(index)) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a coupon's code is what is being typed; its place is its identity here
            <li key={index}>
              <CouponForm
                coupons={coupons}
                index={index}
                onChange={(patch) => onChange(index, patch)}
                onDone={() => onOpen(null)}
                onRemove={() => onRemove(index)}
              />
            </li>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <li key={index} className="coupon-card">
              <CouponCard coupon={coupon} now={now} />
              {canEdit ? (
                <div className="editor-actions">
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={t('editNamed', { code: coupon.code })}
                    onClick={() => onOpen(index)}
                  >
                    {t('edit')}
                  </button>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={t('removeNamed', { code: coupon.code })}
                    onClick={() => onRemove(index)}
                  >
                    {t('remove')}
                  </button>
                </div>
              ) : null}
            </li>
          ),
        )}
      </ul>
      {canEdit ? (
        <>
          <button type="button" className="button button-secondary" onClick={onAdd}>
            + {t('add')}
          </button>
          {coupons.length > 0 ? <p className="editor-hint">{t('removedNote')}</p> : null}
        </>
      ) : null}
    </>
  );
}

function CouponCard({ coupon, now }: { coupon: DocumentCoupon; now: Date }) {
  const t = useCouponsT();
  const status = couponStatus(coupon, now);
  const gives = givesText(coupon, t);
  const statusLabel = {
    inactive: t('statusInactive'),
    scheduled: t('statusScheduled'),
    ended: t('statusEnded'),
    active: t('statusActive'),
  }[status.kind];
  return (
    <article className="coupon-summary" aria-label={t('couponNamed', { code: coupon.code })}>
      <div className="coupon-head">
        <h3 className="coupon-code">{coupon.code || '—'}</h3>
        <span className={`coupon-status coupon-status-${status.kind}`}>{statusLabel}</span>
      </div>
      <p className="staff-strong">{gives}</p>
      {coupon.descricao && plain(coupon.descricao) !== plain(gives) ? (
        <p className="coupon-description">“{coupon.descricao}”</p>
      ) : null}
      <p className="staff-muted">{validityText(coupon, t)}</p>
      <p className="staff-muted">{limitsText(coupon, t)}</p>
    </article>
  );
}

function CouponForm({
  coupons,
  index,
  onChange,
  onDone,
  onRemove,
}: {
  coupons: DocumentCoupon[];
  index: number;
  onChange: (patch: Partial<DocumentCoupon>) => void;
  onDone: () => void;
  onRemove: () => void;
}) {
  const t = useCouponsT();
  const coupon = coupons[index]!;
  const path = (field: keyof DocumentCoupon) => `coupons.${index}.${field}`;
  const serverIssues = useContext(IssuesContext);
  const [badDates, setBadDates] = useState<Partial<Record<'valid_from' | 'valid_until', boolean>>>({});
  // What this screen can tell before the server: shown beside the field the same way.
  const problem = coupon.code === '' ? null : couponCodeProblem(coupons, index);
  const local: EditorIssue[] = [
    ...(problem
      ? [{ field: path('code'), code: '', detail: t(problem === 'format' ? 'codeFormat' : 'codeDuplicate') }]
      : []),
    ...(['valid_from', 'valid_until'] as const)
      .filter((key) => badDates[key])
      .map((key) => ({ field: path(key), code: '', detail: t('invalidDate') })),
  ];
  const dateField = (key: 'valid_from' | 'valid_until') => (
    <DateTimeField
      label={t(key === 'valid_from' ? 'validFrom' : 'validUntil')}
      hint={t('validHint')}
      path={path(key)}
      value={isoToStoreInput(coupon[key])}
      defaultTime={key === 'valid_from' ? '00:00' : '23:59'}
      onChange={(value) => {
        const iso =
          value === undefined ? undefined : storeInputToIso(value, key === 'valid_from' ? 'start' : 'end');
        setBadDates((bad) => ({ ...bad, [key]: iso === undefined }));
        if (iso !== undefined) onChange({ [key]: iso });
      }}
    />
  );
  return (
    <IssuesContext.Provider value={[...serverIssues, ...local]}>
      <fieldset className="editor-group coupon-form">
        <legend>{coupon.code ? t('couponNamed', { code: coupon.code }) : t('newCoupon')}</legend>
        <TextField
          label={t('code')}
          hint={t('codeHint')}
          path={path('code')}
          value={coupon.code}
          maxLength={40}
          autoComplete="off"
          onChange={(value) => onChange({ code: normaliseCouponCode(value) })}
        />
        <TextField
          label={t('descricao')}
          hint={t('descricaoHint')}
          path={path('descricao')}
          value={coupon.descricao}
          maxLength={200}
          onChange={(value) => onChange({ descricao: value })}
        />
        <Toggle
          label={t('ativo')}
          hint={t('ativoHint')}
          path={path('ativo')}
          checked={coupon.ativo}
          onChange={(ativo) => onChange({ ativo })}
        />
        <SelectField
          label={t('kind')}
          path={path('perc')}
          value={coupon.perc ? 'percent' : 'fixed'}
          options={[
            { value: 'percent', label: t('kindPercent') },
            { value: 'fixed', label: t('kindFixed') },
          ]}
          // A percent read as centavos (or the reverse) would be another discount: start again at 0.
          onChange={(kind) => onChange({ perc: kind === 'percent', valor: 0 })}
        />
        {coupon.perc ? (
          <NumberField
            label={t('percent')}
            hint={t('percentHint')}
            path={path('valor')}
            value={coupon.valor}
            min={0}
            max={100}
            step={0.01}
            suffix="%"
            onChange={(value) => onChange({ valor: Math.round((value ?? 0) * 100) / 100 })}
          />
        ) : (
          <MoneyField
            label={t('value')}
            path={path('valor')}
            value={coupon.valor}
            onChange={(value) => onChange({ valor: value ?? 0 })}
          />
        )}
        <SelectField
          label={t('local')}
          hint={t('localHint')}
          path={path('local')}
          value={coupon.local}
          options={[
            { value: 'Carrinho', label: t('localCart') },
            { value: 'Entrega', label: t('localDelivery') },
            { value: 'Ambos', label: t('localBoth') },
          ]}
          onChange={(local) => onChange({ local })}
        />
        {dateField('valid_from')}
        {dateField('valid_until')}
        <NumberField
          label={t('maxUses')}
          hint={t('maxUsesHint')}
          path={path('max_uses')}
          value={coupon.max_uses}
          min={1}
          onChange={(value) => onChange({ max_uses: value === null ? null : Math.round(value) })}
        />
        <NumberField
          label={t('maxUsesPerCustomer')}
          hint={t('maxUsesPerCustomerHint')}
          path={path('max_uses_per_customer')}
          value={coupon.max_uses_per_customer}
          min={1}
          onChange={(value) => onChange({ max_uses_per_customer: value === null ? null : Math.round(value) })}
        />
        <MoneyField
          label={t('minSubtotal')}
          hint={t('minSubtotalHint')}
          path={path('min_subtotal')}
          value={coupon.min_subtotal}
          onChange={(value) => onChange({ min_subtotal: value ?? 0 })}
        />
        <div className="editor-actions">
          <button type="button" className="button button-secondary button-small" onClick={onDone}>
            {t('done')}
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={t('removeNamed', { code: coupon.code || t('newCoupon') })}
            onClick={onRemove}
          >
            {t('remove')}
          </button>
        </div>
      </fieldset>
    </IssuesContext.Provider>
  );
}
