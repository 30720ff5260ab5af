import type { AuditSection, EditorAuditEntry, EditorSection } from '@comanda/contract';
import { formatBRL, type StaffRole } from '@comanda/domain';
import { useCallback, useEffect, useState } from 'react';
import { featureTranslator } from '../../../lib/i18n.ts';
import { StaffApiError } from '../../lib/staff-api.ts';
import { loadAudit } from '../editor-api.ts';
import { type EditorTextKey, useEditorT } from '../editor-texts.ts';
import { formatStoreDateTime } from '../store-time.ts';
import { type AuditChange, auditChanges, defaultLabel } from './audit-diff.ts';
import './audit-view.css';

const ptBr = {
  title: 'Histórico de alterações',
  intro:
    'Cada vez que alguém da equipe salva uma parte da loja, pausa a loja ou marca algo como esgotado: quem, quando, e o que mudou. Os mais recentes primeiro.',
  // The store controls used during service (docs/decisions/0051).
  section_pause: 'Pausa',
  section_sold_out: 'Esgotados',
  section_roles: 'Regras da equipe',
  rolesChanged: 'Mudou quem pode fazer o quê na loja',
  section_payment_provider: 'Provedor de pagamento',
  providerChanged: 'Trocou o provedor de pagamento: {before} → {after}',
  providerSet: 'Configurou o provedor de pagamento: {after}',
  providerUpdated: 'Mudou as configurações do provedor de pagamento ({after})',
  providerNone: 'nenhum',
  paused: 'Pausou a loja por {minutes} min',
  pausedWhy: 'Pausou a loja por {minutes} min: {reason}',
  pauseEnded: 'Encerrou a pausa',
  soldOutOn: 'Esgotou {name}',
  soldOutOff: 'Voltou {name}',
  optionCopies: 'Opção, em {count} grupos',
  optionCopies_one: 'Opção',
  loading: 'Carregando o histórico…',
  failed: 'Não foi possível carregar o histórico: {detail}',
  tryAgain: 'Tentar de novo',
  empty: 'Nenhuma alteração salva ainda.',
  more: 'Ver alterações mais antigas',
  end: 'Não há alterações mais antigas.',
  by: 'Por {name}, {role}',
  roleOwner: 'dono(a)',
  roleManager: 'gerente',
  roleAttendant: 'atendente',
  showChanges: 'Ver as {count} alterações',
  noVisibleChange: 'Salvo sem diferença visível.',
  added: 'adicionado(a): {item}',
  removed: 'removido(a): {item}',
  reordered: 'nova ordem de {list}',
  // An item added to or removed from a list, by the list.
  added_categories: 'categoria adicionada: {item}',
  removed_categories: 'categoria removida: {item}',
  added_products: 'produto adicionado: {item}',
  removed_products: 'produto removido: {item}',
  added_variants: 'variação adicionada: {item}',
  removed_variants: 'variação removida: {item}',
  added_option_groups: 'grupo de opções adicionado: {item}',
  removed_option_groups: 'grupo de opções removido: {item}',
  added_items: 'opção adicionada: {item}',
  removed_items: 'opção removida: {item}',
  added_groups: 'grupo de opções ligado ao produto: {item}',
  removed_groups: 'grupo de opções tirado do produto: {item}',
  added_hours: 'turno adicionado: {item}',
  removed_hours: 'turno removido: {item}',
  added_cities: 'cidade adicionada: {item}',
  removed_cities: 'cidade removida: {item}',
  added_neighbourhoods: 'bairro adicionado: {item}',
  removed_neighbourhoods: 'bairro removido: {item}',
  added_payment_methods: 'forma de pagamento adicionada: {item}',
  removed_payment_methods: 'forma de pagamento removida: {item}',
  added_coupons: 'cupom adicionado: {item}',
  removed_coupons: 'cupom removido: {item}',
  added_delivery_areas: 'área de entrega adicionada: {item}',
  removed_delivery_areas: 'área de entrega removida: {item}',
  added_delivery_radius_tiers: 'faixa de distância adicionada: {item}',
  removed_delivery_radius_tiers: 'faixa de distância removida: {item}',
  pictureAdded: '{field}: imagem adicionada',
  pictureRemoved: '{field}: imagem removida',
  pictureChanged: '{field}: imagem trocada',
  nothing: 'vazio',
  yes: 'sim',
  no: 'não',
  points: '{count} pontos',
  dayShift: '{day}, turno {shift}',
  day0: 'Domingo',
  day1: 'Segunda',
  day2: 'Terça',
  day3: 'Quarta',
  day4: 'Quinta',
  day5: 'Sexta',
  day6: 'Sábado',
  day7: 'Feriado',
  unnamed: 'item sem nome',
  // Values of the document that are codes.
  value_light: 'claro',
  value_dark: 'escuro',
  value_neighbourhood: 'bairro',
  value_radius: 'distância',
  value_area: 'área',
  // Lists of the document, as the owner calls them.
  list_categories: 'categorias',
  list_products: 'produtos',
  list_variants: 'variações',
  list_option_groups: 'grupos de opções',
  list_items: 'opções',
  list_groups: 'grupos do produto',
  list_hours: 'horários',
  list_cities: 'cidades',
  list_neighbourhoods: 'bairros',
  list_payment_methods: 'formas de pagamento',
  list_coupons: 'cupons',
  list_delivery_areas: 'áreas de entrega',
  list_delivery_radius_tiers: 'faixas de distância',
  // Fields of the document, as the owner reads them.
  field_descricao: 'nome',
  field_descricao_text: 'descrição',
  field_detalhes: 'descrição',
  field_valor_venda: 'preço',
  field_preco: 'preço',
  field_url_imagem: 'foto',
  field_url_miniatura: 'miniatura',
  field_url_video: 'vídeo',
  field_ativo: 'ativo',
  field_ativo_pedidos: 'à venda no app',
  field_ativo_garcom: 'à venda nas mesas',
  field_aberto: 'aberta no cardápio',
  field_min: 'mínimo',
  field_max: 'máximo',
  field_qt_padrao: 'quantidade inclusa',
  field_ingrediente: 'ingrediente',
  field_repetir_itens: 'repetir opções',
  field_politica_cobranca: 'cobrança',
  field_product: 'produto',
  field_hr_inicio: 'início',
  field_hr_fim: 'fim',
  field_holidays: 'feriados',
  field_nome: 'nome',
  field_estado: 'estado',
  field_valor_entrega: 'taxa de entrega',
  field_valor_entrega_desconto: 'taxa com desconto',
  field_discount_minimum_order: 'pedido para a taxa com desconto',
  field_tipo: 'tipo',
  field_chave_pix: 'chave PIX',
  field_tipo_chave_pix: 'tipo da chave PIX',
  field_pix_nome_titular: 'titular da chave PIX',
  field_permite_troco: 'pede troco',
  field_tipos_entrega: 'tipos de entrega',
  field_code: 'código',
  field_perc: 'em porcentagem',
  field_valor: 'desconto',
  field_local: 'desconto sobre',
  field_valid_from: 'válido a partir de',
  field_valid_until: 'válido até',
  field_max_uses: 'usos no total',
  field_max_uses_per_customer: 'usos por cliente',
  field_min_subtotal: 'pedido mínimo',
  field_pontos_recompensa: 'pontos para a recompensa',
  field_recompensa_perc: 'recompensa em porcentagem',
  field_perc_recompensa: 'porcentagem da recompensa',
  field_vlr_recompensa: 'valor da recompensa',
  field_pontos_por_real: 'pontos por R$ 1,00',
  field_apresentacao: 'apresentação',
  field_endereco: 'endereço',
  field_contato: 'telefone',
  field_email_contato: 'e-mail',
  field_whatsapp: 'WhatsApp',
  field_facebook: 'Facebook',
  field_instagram: 'Instagram',
  field_site: 'site',
  field_primary_color: 'cor principal',
  field_secondary_color: 'cor secundária',
  field_font_family: 'fonte',
  field_font_url: 'arquivo da fonte',
  field_default_style_mode: 'tema inicial',
  field_logo: 'logo',
  field_icon_192: 'ícone do app (192)',
  field_icon_512: 'ícone do app (512)',
  field_bg_image: 'imagem de fundo',
  field_bg_video: 'vídeo de fundo',
  field_mostrar_logo_banner: 'logo sobre o fundo',
  field_permite_entrega: 'entrega',
  field_permite_busca: 'retirada',
  field_permite_comer_local: 'comer no local',
  field_valor_minimo: 'pedido mínimo',
  field_delivery_time: 'tempo de entrega (min)',
  field_pickup_time: 'tempo de retirada (min)',
  field_delivery_fee_type: 'taxa de entrega por',
  field_delivery_max_radius: 'raio máximo (m)',
  field_delivery_discounted_fee: 'taxa com desconto',
  field_delivery_discount_minimum_order: 'pedido para a taxa com desconto',
  field_latitude: 'latitude',
  field_longitude: 'longitude',
  field_google_maps_key: 'chave do Google Maps',
  field_fee: 'taxa',
  field_up_to_metres: 'até (m)',
  field_polygon: 'área no mapa',
  field_agendamento_ativo: 'agendamento ativo',
  field_permite_agendamento: 'permite agendar',
  field_schedule_step_minutes: 'intervalo entre horários (min)',
  field_schedule_capacity: 'pedidos por horário',
  field_online_payment: 'pagamento online',
  field_payment_by_pix: 'PIX no app',
  field_payment_by_card: 'cartão no app',
  field_expiration_time_pix: 'validade do PIX (s)',
  field_delivery_customer_doc_required: 'CPF/CNPJ na entrega',
};

type AuditKey = keyof typeof ptBr;

const en: Partial<Record<AuditKey, string>> = {
  title: 'Change history',
  intro:
    'Each time someone on the team saves a part of the store, pauses the store or marks something sold out: who, when, and what changed. Newest first.',
  section_pause: 'Pause',
  section_sold_out: 'Sold out',
  section_roles: 'Team rules',
  rolesChanged: 'Changed who may do what in the store',
  section_payment_provider: 'Payment provider',
  providerChanged: 'Changed the payment provider: {before} → {after}',
  providerSet: 'Set up the payment provider: {after}',
  providerUpdated: 'Changed the payment provider’s settings ({after})',
  providerNone: 'none',
  paused: 'Paused the store for {minutes} min',
  pausedWhy: 'Paused the store for {minutes} min: {reason}',
  pauseEnded: 'Ended the pause',
  soldOutOn: 'Marked {name} sold out',
  soldOutOff: '{name} back on sale',
  optionCopies: 'Option, in {count} groups',
  optionCopies_one: 'Option',
  loading: 'Loading the history…',
  failed: 'Could not load the history: {detail}',
  tryAgain: 'Try again',
  empty: 'No changes saved yet.',
  more: 'See older changes',
  end: 'There are no older changes.',
  by: 'By {name}, {role}',
  roleOwner: 'owner',
  roleManager: 'manager',
  roleAttendant: 'attendant',
  showChanges: 'See the {count} changes',
  noVisibleChange: 'Saved with no visible difference.',
  added: 'added: {item}',
  removed: 'removed: {item}',
  reordered: 'new order of {list}',
  added_categories: 'category added: {item}',
  removed_categories: 'category removed: {item}',
  added_products: 'product added: {item}',
  removed_products: 'product removed: {item}',
  added_variants: 'variant added: {item}',
  removed_variants: 'variant removed: {item}',
  added_option_groups: 'option group added: {item}',
  removed_option_groups: 'option group removed: {item}',
  added_items: 'option added: {item}',
  removed_items: 'option removed: {item}',
  added_groups: 'option group added to the product: {item}',
  removed_groups: 'option group taken off the product: {item}',
  added_hours: 'shift added: {item}',
  removed_hours: 'shift removed: {item}',
  added_cities: 'city added: {item}',
  removed_cities: 'city removed: {item}',
  added_neighbourhoods: 'neighbourhood added: {item}',
  removed_neighbourhoods: 'neighbourhood removed: {item}',
  added_payment_methods: 'payment method added: {item}',
  removed_payment_methods: 'payment method removed: {item}',
  added_coupons: 'coupon added: {item}',
  removed_coupons: 'coupon removed: {item}',
  added_delivery_areas: 'delivery area added: {item}',
  removed_delivery_areas: 'delivery area removed: {item}',
  added_delivery_radius_tiers: 'distance band added: {item}',
  removed_delivery_radius_tiers: 'distance band removed: {item}',
  pictureAdded: '{field}: picture added',
  pictureRemoved: '{field}: picture removed',
  pictureChanged: '{field}: picture replaced',
  nothing: 'empty',
  yes: 'yes',
  no: 'no',
  points: '{count} points',
  dayShift: '{day}, shift {shift}',
  day0: 'Sunday',
  day1: 'Monday',
  day2: 'Tuesday',
  day3: 'Wednesday',
  day4: 'Thursday',
  day5: 'Friday',
  day6: 'Saturday',
  day7: 'Holiday',
  unnamed: 'unnamed item',
  value_light: 'light',
  value_dark: 'dark',
  value_neighbourhood: 'neighbourhood',
  value_radius: 'distance',
  value_area: 'area',
  list_categories: 'categories',
  list_products: 'products',
  list_variants: 'variants',
  list_option_groups: 'option groups',
  list_items: 'options',
  list_groups: "product's groups",
  list_hours: 'opening hours',
  list_cities: 'cities',
  list_neighbourhoods: 'neighbourhoods',
  list_payment_methods: 'payment methods',
  list_coupons: 'coupons',
  list_delivery_areas: 'delivery areas',
  list_delivery_radius_tiers: 'distance bands',
  field_descricao: 'name',
  field_descricao_text: 'description',
  field_detalhes: 'description',
  field_valor_venda: 'price',
  field_preco: 'price',
  field_url_imagem: 'photo',
  field_url_miniatura: 'thumbnail',
  field_url_video: 'video',
  field_ativo: 'active',
  field_ativo_pedidos: 'sold in the app',
  field_ativo_garcom: 'sold at tables',
  field_aberto: 'open in the menu',
  field_min: 'minimum',
  field_max: 'maximum',
  field_qt_padrao: 'included quantity',
  field_ingrediente: 'ingredient',
  field_repetir_itens: 'repeat options',
  field_politica_cobranca: 'pricing',
  field_product: 'product',
  field_hr_inicio: 'start',
  field_hr_fim: 'end',
  field_holidays: 'holidays',
  field_nome: 'name',
  field_estado: 'state',
  field_valor_entrega: 'delivery fee',
  field_valor_entrega_desconto: 'discounted fee',
  field_discount_minimum_order: 'order for the discounted fee',
  field_tipo: 'kind',
  field_chave_pix: 'PIX key',
  field_tipo_chave_pix: 'PIX key kind',
  field_pix_nome_titular: 'PIX key holder',
  field_permite_troco: 'asks for change',
  field_tipos_entrega: 'delivery types',
  field_code: 'code',
  field_perc: 'as a percent',
  field_valor: 'discount',
  field_local: 'discount on',
  field_valid_from: 'valid from',
  field_valid_until: 'valid until',
  field_max_uses: 'uses in total',
  field_max_uses_per_customer: 'uses per customer',
  field_min_subtotal: 'minimum order',
  field_pontos_recompensa: 'points for the reward',
  field_recompensa_perc: 'reward as a percent',
  field_perc_recompensa: 'reward percent',
  field_vlr_recompensa: 'reward amount',
  field_pontos_por_real: 'points per R$ 1,00',
  field_apresentacao: 'about',
  field_endereco: 'address',
  field_contato: 'phone',
  field_email_contato: 'e-mail',
  field_site: 'website',
  field_primary_color: 'primary colour',
  field_secondary_color: 'secondary colour',
  field_font_family: 'font',
  field_font_url: 'font file',
  field_default_style_mode: 'starting theme',
  field_icon_192: 'app icon (192)',
  field_icon_512: 'app icon (512)',
  field_bg_image: 'background picture',
  field_bg_video: 'background video',
  field_mostrar_logo_banner: 'logo over the background',
  field_permite_entrega: 'delivery',
  field_permite_busca: 'pickup',
  field_permite_comer_local: 'eat in',
  field_valor_minimo: 'minimum order',
  field_delivery_time: 'delivery time (min)',
  field_pickup_time: 'pickup time (min)',
  field_delivery_fee_type: 'delivery fee by',
  field_delivery_max_radius: 'largest radius (m)',
  field_delivery_discounted_fee: 'discounted fee',
  field_delivery_discount_minimum_order: 'order for the discounted fee',
  field_google_maps_key: 'Google Maps key',
  field_fee: 'fee',
  field_up_to_metres: 'up to (m)',
  field_polygon: 'area on the map',
  field_agendamento_ativo: 'scheduling on',
  field_permite_agendamento: 'allows scheduling',
  field_schedule_step_minutes: 'minutes between times',
  field_schedule_capacity: 'orders per time',
  field_online_payment: 'online payment',
  field_payment_by_pix: 'PIX in the app',
  field_payment_by_card: 'card in the app',
  field_expiration_time_pix: 'PIX validity (s)',
  field_delivery_customer_doc_required: 'CPF/CNPJ for delivery',
};

const useAuditT = featureTranslator({ pt_br: ptBr, en });
type AuditT = ReturnType<typeof useAuditT>;

const ROLE: Record<StaffRole, AuditKey> = {
  owner: 'roleOwner',
  manager: 'roleManager',
  attendant: 'roleAttendant',
};

/** Fields whose value is money in centavos. */
const MONEY = new Set([
  'valor_venda',
  'preco',
  'valor_entrega',
  'valor_entrega_desconto',
  'discount_minimum_order',
  'valor_minimo',
  'delivery_discounted_fee',
  'delivery_discount_minimum_order',
  'vlr_recompensa',
  'min_subtotal',
  'fee',
]);
const PERCENT = new Set(['perc_recompensa']);
const INSTANTS = new Set(['valid_from', 'valid_until']);
/** Fields whose value is a code with words of its own. */
const CODED = new Set(['default_style_mode', 'delivery_fee_type']);
const PICTURES = new Set([
  'url_imagem',
  'url_miniatura',
  'url_video',
  'logo',
  'icon_192',
  'icon_512',
  'bg_image',
  'bg_video',
]);
/** Up to this many changes show at once; more are folded under a summary. */
const SHOWN_OPEN = 3;

const decimal = (value: number) => String(value).replace('.', ',');

/** The name of a listed item as the history shows it (a shift by its day and turn). */
function itemLabel(item: Record<string, unknown>, t: AuditT): string | null {
  if (typeof item.dia_semana === 'number' && typeof item.turno === 'number')
    return t('dayShift', { day: t(`day${item.dia_semana}` as AuditKey), shift: item.turno });
  return defaultLabel(item);
}

/** Sections whose `descricao` is a text (a coupon's, the loyalty rules), not a name. */
const DESCRIBED = new Set<EditorSection>(['coupons', 'loyalty']);

function fieldText(field: string, t: AuditT, section?: EditorSection): string {
  if (field === 'descricao' && section && DESCRIBED.has(section)) return t('field_descricao_text');
  const key = `field_${field}` as AuditKey;
  return key in ptBr ? t(key) : field;
}

/** A value of the document in plain words: money in reais, dates in store time, yes or no. */
export function valueText(
  field: string,
  value: unknown,
  holder: Record<string, unknown> | null,
  t: AuditT,
): string {
  if (value === null || value === undefined || value === '') return t('nothing');
  if (typeof value === 'boolean') return value ? t('yes') : t('no');
  if (typeof value === 'number') {
    if (field === 'valor' && holder) return holder.perc ? `${decimal(value)}%` : formatBRL(value);
    if (MONEY.has(field)) return formatBRL(value);
    if (PERCENT.has(field)) return `${decimal(value)}%`;
    return decimal(value);
  }
  if (typeof value === 'string') {
    if (INSTANTS.has(field)) return formatStoreDateTime(value) || value;
    if (CODED.has(field) && `value_${value}` in ptBr) return t(`value_${value}` as AuditKey);
    if (/^\d{2}:\d{2}:\d{2}$/.test(value)) return value.slice(0, 5);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split('-').reverse().join('/');
    return value.length > 80 ? `${value.slice(0, 79)}…` : value;
  }
  if (Array.isArray(value)) {
    if (field === 'polygon') return t('points', { count: value.length });
    if (value.every((part) => typeof part !== 'object'))
      return value.map((part) => valueText(field, part, holder, t)).join(', ');
    return String(value.length);
  }
  return '…';
}

/** One change as a line: 'Pizza Margherita: preço R$ 45,90 → R$ 49,90'. */
export function changeText(change: AuditChange, t: AuditT, section?: EditorSection): string {
  const text = changeWords(change, t, section);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function changeWords(change: AuditChange, t: AuditT, section?: EditorSection): string {
  const where = change.where.at(-1);
  const prefix = where ? `${where}: ` : '';
  const list = fieldText(change.field, t, section);
  const listName =
    (`list_${change.field}` as AuditKey) in ptBr ? t(`list_${change.field}` as AuditKey) : list;
  switch (change.kind) {
    case 'added':
    case 'removed': {
      const own = `${change.kind}_${change.field}`;
      const key = (own in ptBr ? own : change.kind) as AuditKey;
      return `${prefix}${t(key, { item: change.item ?? t('unnamed') })}`;
    }
    case 'reordered':
      return `${prefix}${t('reordered', { list: listName })}`;
    default:
      if (PICTURES.has(change.field)) {
        const key =
          change.before === null
            ? 'pictureAdded'
            : change.after === null
              ? 'pictureRemoved'
              : 'pictureChanged';
        return `${prefix}${t(key, { field: list })}`;
      }
      return `${prefix}${list} ${valueText(change.field, change.before, change.holder, t)} → ${valueText(
        change.field,
        change.after,
        change.holder,
        t,
      )}`;
  }
}

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; detail: string }
  | {
      kind: 'ready';
      entries: EditorAuditEntry[];
      next: number | null;
      loadingMore: boolean;
      moreFailed: string | null;
    };

/** The store's change history (GET /staff/editor/audit), for managers and owners. */
export default function AuditView() {
  const t = useAuditT();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const first = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const page = await loadAudit(null);
      setState({
        kind: 'ready',
        entries: page.entries,
        next: page.next_before,
        loadingMore: false,
        moreFailed: null,
      });
    } catch (caught) {
      setState({ kind: 'failed', detail: caught instanceof StaffApiError ? caught.detail : String(caught) });
    }
  }, []);

  useEffect(() => {
    void first();
  }, [first]);

  const more = async () => {
    if (state.kind !== 'ready' || state.next === null) return;
    setState({ ...state, loadingMore: true, moreFailed: null });
    try {
      const page = await loadAudit(state.next);
      setState({
        kind: 'ready',
        entries: [...state.entries, ...page.entries],
        next: page.next_before,
        loadingMore: false,
        moreFailed: null,
      });
    } catch (caught) {
      setState({
        ...state,
        loadingMore: false,
        moreFailed: caught instanceof StaffApiError ? caught.detail : String(caught),
      });
    }
  };

  return (
    <section className="editor-section audit-view" aria-labelledby="audit-title">
      <h2 id="audit-title">{t('title')}</h2>
      <p className="staff-muted">{t('intro')}</p>
      {state.kind === 'loading' ? <p className="staff-muted">{t('loading')}</p> : null}
      {state.kind === 'failed' ? (
        <div className="staff-error" role="alert">
          <p>{t('failed', { detail: state.detail })}</p>
          <button type="button" className="button button-secondary" onClick={() => void first()}>
            {t('tryAgain')}
          </button>
        </div>
      ) : null}
      {state.kind === 'ready' ? (
        <>
          {state.entries.length === 0 ? <p className="staff-muted">{t('empty')}</p> : null}
          <ol className="audit-list">
            {state.entries.map((entry) => (
              <li key={entry.id}>
                <AuditEntry entry={entry} t={t} />
              </li>
            ))}
          </ol>
          {state.moreFailed ? (
            <p className="staff-error" role="alert">
              {t('failed', { detail: state.moreFailed })}
            </p>
          ) : null}
          {state.next !== null ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={state.loadingMore}
              aria-busy={state.loadingMore}
              onClick={() => void more()}
            >
              {state.loadingMore ? t('loading') : t('more')}
            </button>
          ) : state.entries.length > 0 ? (
            <p className="staff-muted">{t('end')}</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** The controls used during service (pause, sold out) say what was done in one sentence each. */
const CONTROLS = new Set<AuditSection>(['pause', 'sold_out', 'roles', 'payment_provider']);

/** The providers by the names their owners know (the entry keeps the kind; secrets by name only). */
const PROVIDER_NAMES: Record<string, string> = {
  mercadopago: 'Mercado Pago',
  stripe: 'Stripe',
  apipix: 'API Pix',
  static_pix: 'PIX',
};
const providerName = (value: unknown) =>
  typeof value === 'string' ? (PROVIDER_NAMES[value] ?? value) : null;

/** 'Pausou a loja por 30 min: Cozinha cheia', 'Esgotou Calabresa', 'Voltou Calabresa'. */
export function controlLines(entry: EditorAuditEntry, t: AuditT): string[] {
  const after = entry.after;
  if (entry.section === 'roles') return [t('rolesChanged')];
  if (entry.section === 'payment_provider') {
    const before = providerName(entry.before.provider);
    const now = providerName(after.provider) ?? t('providerNone');
    if (before === null) return [t('providerSet', { after: now })];
    return [
      before === now ? t('providerUpdated', { after: now }) : t('providerChanged', { before, after: now }),
    ];
  }
  if (entry.section === 'pause') {
    if (typeof after.minutes !== 'number') return [t('pauseEnded')];
    const reason = typeof after.pause_reason === 'string' ? after.pause_reason : '';
    return [
      reason ? t('pausedWhy', { minutes: after.minutes, reason }) : t('paused', { minutes: after.minutes }),
    ];
  }
  const name = typeof after.descricao === 'string' ? after.descricao : t('unnamed');
  const lines = [after.esgotado === true ? t('soldOutOn', { name }) : t('soldOutOff', { name })];
  if (after.kind === 'option_item' && typeof after.copies === 'number')
    lines.push(t('optionCopies', { count: after.copies }));
  return lines;
}

function AuditEntry({ entry, t }: { entry: EditorAuditEntry; t: AuditT }) {
  const editorT = useEditorT();
  if (CONTROLS.has(entry.section)) return <ControlEntry entry={entry} t={t} />;
  const editorSection = entry.section as EditorSection;
  const changes = auditChanges(entry.before, entry.after, { label: (item) => itemLabel(item, t) });
  const lines = changes.map((change) => changeText(change, t, editorSection));
  const section = editorT(`section_${editorSection}` as EditorTextKey);
  const when = formatStoreDateTime(entry.at);
  return (
    <article className="audit-entry" aria-label={`${section}, ${when}`}>
      <header className="audit-head">
        <h3>{section}</h3>
        <time dateTime={entry.at}>{when}</time>
      </header>
      <p className="staff-muted">{t('by', { name: entry.staff.nome, role: t(ROLE[entry.staff.role]) })}</p>
      {lines.length === 0 ? (
        <p className="staff-muted">{t('noVisibleChange')}</p>
      ) : lines.length <= SHOWN_OPEN ? (
        <ul className="audit-changes">
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two changes can read the same
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : (
        <details className="audit-details">
          <summary>{t('showChanges', { count: lines.length })}</summary>
          <ul className="audit-changes">
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <li key={index}>{line}</li>
            ))}
          </ul>
        </details>
      )}
    </article>
  );
}

function ControlEntry({ entry, t }: { entry: EditorAuditEntry; t: AuditT }) {
  const [line, ...more] = controlLines(entry, t);
  const section = t(
    entry.section === 'pause'
      ? 'section_pause'
      : entry.section === 'roles'
        ? 'section_roles'
        : entry.section === 'payment_provider'
          ? 'section_payment_provider'
          : 'section_sold_out',
  );
  const when = formatStoreDateTime(entry.at);
  return (
    <article className="audit-entry" aria-label={`${section}, ${when}`}>
      <header className="audit-head">
        <h3>{line}</h3>
        <time dateTime={entry.at}>{when}</time>
      </header>
      <p className="staff-muted">
        {[...more, t('by', { name: entry.staff.nome, role: t(ROLE[entry.staff.role]) })].join(' · ')}
      </p>
    </article>
  );
}
