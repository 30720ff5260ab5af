import type {
  Category,
  Company,
  Neighbourhood,
  OpeningShift,
  PaymentMethod,
  Product,
} from '@comanda/contract';

export function company(overrides: Partial<Company> = {}): Company {
  return {
    id: 1,
    nome: 'Forno & Brasa',
    slug: 'pizzaria',
    logo: '/media/logo.webp',
    bg_image: '/media/banner.webp',
    bg_video: null,
    mostrar_logo_banner: true,
    delivery_time: 50,
    pickup_time: 25,
    tempo_entregar_minutos: '40-50',
    tempo_buscar_minutos: '15-25',
    store_opened: true,
    loja_aberta: true,
    environment: 'production',
    time_zone: 'America/Sao_Paulo',
    permite_entrega: true,
    permite_busca: true,
    permite_comer_local: false,
    qtd_maxima_item: 30,
    valor_maximo_pedido: 300_000,
    authorized_delivery: true,
    agendamento_ativo: false,
    permite_agendamento: false,
    schedule_periods: [],
    valor_minimo: 2500,
    delivery_fee_type: 'neighbourhood',
    delivery_max_radius: 0,
    online_payment: false,
    payment_by_pix: false,
    payment_by_card: false,
    payment_key: null,
    self_checkout_require_imply_pay: false,
    expiration_time_pix: 300,
    google_maps_key: null,
    google_maps_viewport: null,
    latitude: null,
    longitude: null,
    delivery_customer_doc_required: false,
    whatsapp: '5511999990000',
    whatsapp_canal: { ativo: false },
    facebook: 'https://facebook.com/fornoebrasa',
    instagram: '@fornoebrasa',
    site: 'fornoebrasa.example',
    contato: '(11) 3255-0000',
    email_contato: 'contato@fornoebrasa.example',
    apresentacao: 'Pizzas de fermentação natural.',
    endereco: 'Rua Augusta, 1500 - São Paulo',
    primary_color: '#b3261e',
    secondary_color: '#f2b705',
    font_family: 'Poppins',
    font_url: null,
    default_style_mode: 'light',
    fb_pixel_id: null,
    google_tag_manager: null,
    ...overrides,
  };
}

export function category(overrides: Partial<Category> & { id: number }): Category {
  return {
    descricao: `Categoria ${overrides.id}`,
    detalhes: '',
    aberto: false,
    ordem: overrides.id,
    ...overrides,
  };
}

export function product(overrides: Partial<Product> & { id: number; categoria_id: number }): Product {
  return {
    descricao: `Produto ${overrides.id}`,
    detalhes: '',
    valor_venda: 1000,
    url_imagem: null,
    url_miniatura: null,
    url_video: null,
    srcset_imagem: null,
    srcset_miniatura: null,
    categoria: '',
    item_pai: false,
    item_filho: false,
    cod_pai: null,
    ordem: overrides.id,
    tem_grupos: false,
    ...overrides,
  };
}

export function shift(dia_semana: number, turno: 1 | 2, hr_inicio: string, hr_fim: string): OpeningShift {
  return { id: dia_semana * 10 + turno, dia_semana, turno, hr_inicio, hr_fim };
}

export function neighbourhood(overrides: Partial<Neighbourhood> & { id: number }): Neighbourhood {
  return {
    descricao: `Bairro ${overrides.id}`,
    nome_cidade: 'São Paulo',
    cidade_id: 1,
    estado: 'SP',
    valor_entrega: 500,
    excluido: false,
    ...overrides,
  };
}

export function paymentMethod(overrides: Partial<PaymentMethod> & { id: number }): PaymentMethod {
  return {
    api: null,
    tipo: 'dinheiro',
    descricao: `Forma ${overrides.id}`,
    ordem: overrides.id,
    chave_pix: null,
    tipo_chave_pix: null,
    pix_nome_titular: null,
    permite_troco: false,
    tipos_entrega: ['Entregar', 'Retirada', 'Vem comer'],
    ...overrides,
  };
}

/** A small menu: pizzas (with sizes), drinks, desserts. */
export function demoMenu() {
  const categories = [
    category({ id: 1, descricao: 'Pizzas', aberto: true, ordem: 1 }),
    category({ id: 2, descricao: 'Bebidas', aberto: false, ordem: 2 }),
    category({ id: 3, descricao: 'Sobremesas', aberto: false, ordem: 3 }),
  ];
  const products = [
    product({ id: 10, categoria_id: 1, descricao: 'Pizza Calabresa', valor_venda: 3290, item_pai: true }),
    product({
      id: 11,
      categoria_id: 1,
      descricao: 'Pizza Calabresa Broto',
      valor_venda: 3290,
      item_filho: true,
      cod_pai: 10,
    }),
    product({
      id: 12,
      categoria_id: 1,
      descricao: 'Pizza Calabresa Grande',
      valor_venda: 5990,
      item_filho: true,
      cod_pai: 10,
    }),
    product({ id: 13, categoria_id: 1, descricao: 'Pizza do Chef', valor_venda: 0 }),
    product({ id: 20, categoria_id: 2, descricao: 'Água com gás', valor_venda: 500 }),
    product({ id: 21, categoria_id: 2, descricao: 'Suco de Maçã', valor_venda: 900 }),
    product({
      id: 30,
      categoria_id: 3,
      descricao: 'Pavê de Limão',
      valor_venda: 1500,
      detalhes: 'Com raspas',
    }),
  ];
  return { categories, products };
}

/** The totals of a placed order's record (the reply's `order`), as the server sends them. */
export function placedOrder(overrides: Record<string, unknown> = {}) {
  return {
    tipo_entrega: 'Retirada',
    total_produtos: 1950,
    acrescimo: 0,
    valor_entrega: 0,
    desconto_cupom: 0,
    desconto_fidelidade: 0,
    desconto: 0,
    total: 1950,
    cupom: null,
    ...overrides,
  };
}
