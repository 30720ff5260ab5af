import type { DocumentLoyalty } from '@comanda/contract';
import { formatBRL } from '@comanda/domain';
import { featureTranslator } from '../../../lib/i18n.ts';
import { MoneyField, NumberField, SelectField, TextField, Toggle } from '../fields.tsx';
import { SectionForm, useSectionForm } from '../section-form.tsx';
import type { SectionProps } from '../section-props.ts';
import { percentText } from './coupon-model.ts';
import { loyaltyInNumbers, newLoyalty } from './loyalty-model.ts';
import './settings.css';

const useLoyaltyT = featureTranslator({
  pt_br: {
    title: 'Fidelidade',
    intro:
      'Os clientes juntam pontos com os pedidos e trocam por um desconto. Os pontos entram quando o pedido é entregue; a recompensa não vale junto com cupom.',
    none: 'A loja não tem programa de fidelidade.',
    ativo: 'Programa de fidelidade ativo',
    ativoHint: 'Desligado, os clientes não juntam nem trocam pontos (os pontos que já têm ficam guardados).',
    descricao: 'Regras para o cliente',
    descricaoHint: 'O cliente lê este texto em "Ver regras", no pagamento.',
    pontosPorReal: 'Pontos por R$ 1,00 em produtos',
    pontosPorRealHint: 'Pode ter casas decimais, como 0,5. A taxa de entrega e os descontos não contam.',
    pontosRecompensa: 'Pontos para a recompensa',
    rewardKind: 'Recompensa',
    rewardValue: 'Valor fixo (R$)',
    rewardPercent: 'Porcentagem dos produtos (%)',
    vlrRecompensa: 'Valor da recompensa',
    vlrRecompensaHint: 'O pedido precisa valer pelo menos isso para usar a recompensa.',
    percRecompensa: 'Porcentagem de desconto',
    points: '{points} pontos',
    points_one: '{points} ponto',
    summaryTitle: 'O que o cliente ganha',
    summaryRate: 'A cada R$ 1,00 em produtos, o cliente ganha {points}.',
    summaryRateNone: 'Com 0 pontos por real, nenhum pedido rende pontos.',
    summaryRewardValue: 'Com {points}, ele troca por {value} de desconto num pedido.',
    summaryRewardPercent: 'Com {points}, ele troca por {percent}% de desconto nos produtos de um pedido.',
    summarySpend: 'Para isso, precisa gastar {amount} em produtos.',
    summaryExample:
      'Exemplo: um pedido de {order} em produtos rende {points}; a recompensa tira {discount} dele.',
    summaryInactive: 'O programa está desligado: nada disso vale até ligar e salvar.',
  },
  en: {
    title: 'Loyalty',
    intro:
      'Customers collect points with their orders and trade them for a discount. Points arrive when the order is delivered; the reward does not go with a coupon.',
    none: 'The store has no loyalty program.',
    ativo: 'Loyalty program on',
    ativoHint: 'Off, customers neither collect nor spend points (the points they have are kept).',
    descricao: 'Rules for customers',
    descricaoHint: 'Customers read this in "See rules" at checkout.',
    pontosPorReal: 'Points per R$ 1,00 in products',
    pontosPorRealHint: 'May have decimals, like 0,5. The delivery fee and discounts do not count.',
    pontosRecompensa: 'Points for the reward',
    rewardKind: 'Reward',
    rewardValue: 'Fixed amount (R$)',
    rewardPercent: 'Percent of the products (%)',
    vlrRecompensa: 'Reward amount',
    vlrRecompensaHint: 'The order must be worth at least this to use the reward.',
    percRecompensa: 'Percent off',
    points: '{points} points',
    points_one: '{points} point',
    summaryTitle: 'What a customer gets',
    summaryRate: 'For every R$ 1,00 in products, the customer earns {points}.',
    summaryRateNone: 'At 0 points per real, no order earns points.',
    summaryRewardValue: 'With {points}, they trade them for {value} off an order.',
    summaryRewardPercent: 'With {points}, they trade them for {percent}% off the products of an order.',
    summarySpend: 'That takes {amount} spent on products.',
    summaryExample:
      'Example: an order of {order} in products earns {points}; the reward takes {discount} off it.',
    summaryInactive: 'The program is off: none of this applies until it is switched on and saved.',
  },
});

type LoyaltyT = ReturnType<typeof useLoyaltyT>;

const pointsText = (count: number, t: LoyaltyT) => t('points', { count, points: percentText(count) });

/** The loyalty program (section `loyalty`): switch, rules, rate, reward, and what it means in reais. */
export default function LoyaltySection({ onDirty }: SectionProps) {
  const t = useLoyaltyT();
  const { draft, update, form } = useSectionForm('loyalty', onDirty);
  const program = draft.loyalty;
  const set = (patch: Partial<DocumentLoyalty>) =>
    update((document) => ({ ...document, loyalty: { ...(document.loyalty ?? newLoyalty()), ...patch } }));
  return (
    <SectionForm {...form} title={t('title')} intro={t('intro')}>
      <Toggle
        label={t('ativo')}
        hint={program ? t('ativoHint') : t('none')}
        path="loyalty.ativo"
        checked={program?.ativo ?? false}
        onChange={(ativo) => set({ ativo })}
      />
      {program ? (
        <>
          <LoyaltySummary program={program} t={t} />
          <NumberField
            label={t('pontosPorReal')}
            hint={t('pontosPorRealHint')}
            path="loyalty.pontos_por_real"
            value={program.pontos_por_real}
            min={0}
            max={100}
            step={0.01}
            onChange={(value) => set({ pontos_por_real: Math.round((value ?? 0) * 100) / 100 })}
          />
          <NumberField
            label={t('pontosRecompensa')}
            path="loyalty.pontos_recompensa"
            value={program.pontos_recompensa}
            min={1}
            onChange={(value) => set({ pontos_recompensa: Math.max(1, Math.round(value ?? 1)) })}
          />
          <SelectField
            label={t('rewardKind')}
            path="loyalty.recompensa_perc"
            value={program.recompensa_perc ? 'percent' : 'value'}
            options={[
              { value: 'value', label: t('rewardValue') },
              { value: 'percent', label: t('rewardPercent') },
            ]}
            onChange={(kind) => set({ recompensa_perc: kind === 'percent' })}
          />
          {program.recompensa_perc ? (
            <NumberField
              label={t('percRecompensa')}
              path="loyalty.perc_recompensa"
              value={program.perc_recompensa}
              min={0}
              max={100}
              step={0.01}
              suffix="%"
              onChange={(value) => set({ perc_recompensa: Math.round((value ?? 0) * 100) / 100 })}
            />
          ) : (
            <MoneyField
              label={t('vlrRecompensa')}
              hint={t('vlrRecompensaHint')}
              path="loyalty.vlr_recompensa"
              value={program.vlr_recompensa}
              onChange={(value) => set({ vlr_recompensa: value ?? 0 })}
            />
          )}
          <TextField
            label={t('descricao')}
            hint={t('descricaoHint')}
            path="loyalty.descricao"
            value={program.descricao}
            multiline
            maxLength={1000}
            onChange={(descricao) => set({ descricao })}
          />
        </>
      ) : null}
    </SectionForm>
  );
}

function LoyaltySummary({ program, t }: { program: DocumentLoyalty; t: LoyaltyT }) {
  const numbers = loyaltyInNumbers(program);
  const rewardPoints = pointsText(program.pontos_recompensa, t);
  return (
    <section className="loyalty-summary" aria-labelledby="loyalty-summary-title" aria-live="polite">
      <h3 id="loyalty-summary-title">{t('summaryTitle')}</h3>
      <p>
        {numbers.spendForReward === null
          ? t('summaryRateNone')
          : t('summaryRate', { points: pointsText(program.pontos_por_real, t) })}{' '}
        {program.recompensa_perc
          ? t('summaryRewardPercent', { points: rewardPoints, percent: percentText(program.perc_recompensa) })
          : t('summaryRewardValue', { points: rewardPoints, value: formatBRL(program.vlr_recompensa) })}{' '}
        {numbers.spendForReward === null
          ? null
          : t('summarySpend', { amount: formatBRL(numbers.spendForReward) })}
      </p>
      {numbers.spendForReward === null ? null : (
        <p>
          {t('summaryExample', {
            order: formatBRL(numbers.exampleOrder),
            points: pointsText(numbers.examplePoints, t),
            discount: formatBRL(numbers.exampleDiscount),
          })}
        </p>
      )}
      {program.ativo ? null : <p className="staff-muted">{t('summaryInactive')}</p>}
    </section>
  );
}
