/**
 * The second demo store: a Japanese delivery with its own look (dark by default), real opening
 * hours (so it is sometimes closed), scheduling, and a delivery fee by distance. Money in centavos.
 */

import { demoPicture } from './pictures.ts';

const media = (file: string) => `/media/sakura/${file}`;
const picture = (ref: string) => demoPicture('sakura', ref);

const lunch = { hr_inicio: '11:30', hr_fim: '14:30' };
const dinner = { hr_inicio: '18:00', hr_fim: '23:00' };

export const sakura = {
  slug: 'sakura',
  settings: {
    nome: 'Sakura Temakeria',
    apresentacao:
      'Temakis, sushis e pratos quentes preparados na hora com peixe fresco. Entregamos num raio de 6 km da Liberdade.',
    endereco: 'Rua Galvão Bueno, 300 - Liberdade, São Paulo - SP',
    contato: '(11) 3277-0000',
    email_contato: 'ola@sakura.example',
    whatsapp: '5511988880000',
    instagram: 'https://instagram.com/sakuratemakeria',
    delivery_time: 60,
    pickup_time: 30,
    permite_entrega: true,
    permite_busca: true,
    // Six counter seats take orders from their QR codes, each round paid in the app by card.
    permite_comer_local: true,
    agendamento_ativo: true,
    permite_agendamento: true,
    schedule_step_minutes: 30,
    schedule_capacity: 8,
    valor_minimo: 4000,
    delivery_fee_type: 'radius',
    delivery_max_radius: 6000,
    delivery_radius_tiers: [
      { up_to_metres: 2000, fee: 500 },
      { up_to_metres: 4000, fee: 800 },
      { up_to_metres: 6000, fee: 1200 },
    ],
    delivery_discounted_fee: 0,
    delivery_discount_minimum_order: 15000,
    latitude: -23.5587,
    longitude: -46.6345,
    delivery_customer_doc_required: false,
    holidays: ['2026-12-25', '2027-01-01'],
    // Cards online through Stripe's API, answered by the local stand-in PSP (its test cards:
    // 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks for 3-D Secure).
    online_payment: true,
    payment_by_pix: false,
    payment_by_card: true,
    self_checkout_require_imply_pay: true,
    mesa_exige_codigo: false,
    taxa_servico_perc: 0,
  },
  look: {
    primary_color: '#ff5c8a',
    secondary_color: '#2ec4b6',
    font_family: 'Lora',
    font_url: '/media/fonts/lora-latin-400-normal.woff2',
    default_style_mode: 'dark',
    logo: media('logo.webp'),
    icon_192: media('icon-192.png'),
    icon_512: media('icon-512.png'),
    bg_image: media('banner.webp'),
    mostrar_logo_banner: true,
  },
  // Closed on Mondays; lunch and dinner Tuesday to Sunday; dinner only on holidays.
  hours: [
    ...[0, 2, 3, 4, 5, 6].flatMap((dia_semana) => [
      { dia_semana, turno: 1, ...lunch },
      { dia_semana, turno: 2, ...dinner },
    ]),
    { dia_semana: 7, turno: 1, hr_inicio: '18:00', hr_fim: '22:00' },
  ],
  categories: [
    {
      ref: 'temakis',
      descricao: 'Temakis',
      detalhes: 'Cone de alga crocante, arroz temperado e recheio generoso.',
      aberto: true,
      products: [
        {
          ref: 'temaki-salmao',
          descricao: 'Temaki de salmão',
          detalhes: 'Salmão fresco em cubos e cebolinha.',
          valor_venda: 3290,
          ...picture('temaki-salmao'),
          groups: [{ group: 'extras-temaki', min: 0, max: 3 }],
        },
        {
          ref: 'temaki-salmao-grelhado',
          descricao: 'Temaki de salmão grelhado',
          detalhes: 'Salmão grelhado, cream cheese e cebolinha.',
          valor_venda: 3190,
          ...picture('temaki-salmao-grelhado'),
          groups: [{ group: 'extras-temaki', min: 0, max: 3 }],
        },
        {
          ref: 'temaki-atum',
          descricao: 'Temaki de atum',
          detalhes: 'Atum fresco picado com gergelim.',
          valor_venda: 3490,
          ...picture('temaki-atum'),
          groups: [{ group: 'extras-temaki', min: 0, max: 3 }],
        },
        {
          ref: 'temaki-skin',
          descricao: 'Temaki skin',
          detalhes: 'Pele de salmão crocante com molho tarê.',
          valor_venda: 2590,
          ...picture('temaki-skin'),
        },
        {
          ref: 'temaki-vegetariano',
          descricao: 'Temaki vegetariano',
          detalhes: 'Pepino, manga, cream cheese e gergelim.',
          valor_venda: 2390,
          ...picture('temaki-vegetariano'),
        },
      ],
    },
    {
      ref: 'combinados',
      descricao: 'Combinados',
      detalhes: 'Seleção do sushiman.',
      aberto: true,
      products: [
        {
          ref: 'combinado-sakura',
          descricao: 'Combinado Sakura',
          detalhes: 'Sashimis, niguiris, uramakis e hossomakis da casa.',
          ...picture('combinado-sakura'),
          groups: [{ group: 'molhos', min: 0, max: 2 }],
          variants: [
            { ref: 'combinado-sakura-20', descricao: 'Combinado Sakura 20 peças', valor_venda: 6990 },
            { ref: 'combinado-sakura-30', descricao: 'Combinado Sakura 30 peças', valor_venda: 9490 },
            { ref: 'combinado-sakura-50', descricao: 'Combinado Sakura 50 peças', valor_venda: 14490 },
          ],
        },
        {
          ref: 'combinado-salmao',
          descricao: 'Combinado só salmão',
          detalhes: 'Tudo de salmão: sashimi, niguiri, uramaki e hot roll.',
          ...picture('combinado-salmao'),
          groups: [{ group: 'molhos', min: 0, max: 2 }],
          variants: [
            { ref: 'combinado-salmao-16', descricao: 'Combinado só salmão 16 peças', valor_venda: 5990 },
            { ref: 'combinado-salmao-24', descricao: 'Combinado só salmão 24 peças', valor_venda: 8490 },
          ],
        },
        {
          ref: 'monte-seu-combinado',
          descricao: 'Monte seu combinado',
          detalhes: 'Escolha de 4 a 8 porções (pode repetir).',
          valor_venda: 0,
          ...picture('monte-seu-combinado'),
          groups: [
            { group: 'porcoes-combinado', min: 4, max: 8 },
            { group: 'molhos', min: 0, max: 2 },
          ],
        },
      ],
    },
    {
      ref: 'rolls',
      descricao: 'Rolls e hots',
      detalhes: '',
      aberto: false,
      products: [
        {
          ref: 'hot-roll',
          descricao: 'Hot roll (10 peças)',
          detalhes: 'Salmão e cream cheese empanados.',
          valor_venda: 3290,
          ...picture('hot-roll'),
        },
        {
          ref: 'uramaki-filadelfia',
          descricao: 'Uramaki Filadélfia (8 peças)',
          detalhes: 'Salmão, cream cheese e cebolinha.',
          valor_venda: 2890,
          ...picture('uramaki-filadelfia'),
        },
        {
          ref: 'uramaki-skin',
          descricao: 'Uramaki skin (8 peças)',
          detalhes: 'Pele de salmão e tarê.',
          valor_venda: 2490,
          ...picture('uramaki-skin'),
        },
      ],
    },
    {
      ref: 'quentes',
      descricao: 'Pratos quentes',
      detalhes: '',
      aberto: false,
      products: [
        {
          ref: 'yakisoba',
          descricao: 'Yakisoba',
          detalhes: 'Macarrão oriental com legumes e molho shoyu.',
          ...picture('yakisoba'),
          groups: [{ group: 'proteina-yakisoba', min: 1, max: 1 }],
          variants: [
            { ref: 'yakisoba-individual', descricao: 'Yakisoba individual', valor_venda: 3490 },
            {
              ref: 'yakisoba-familia',
              descricao: 'Yakisoba família',
              detalhes: 'Serve 3 pessoas.',
              valor_venda: 7990,
            },
          ],
        },
        {
          ref: 'guioza',
          descricao: 'Guioza (6 unidades)',
          detalhes: 'Pastel japonês de porco grelhado.',
          valor_venda: 2490,
          ...picture('guioza'),
        },
        {
          ref: 'lamen',
          descricao: 'Lámen shoyu',
          detalhes: 'Caldo de porco, chashu, ovo marinado e nori.',
          valor_venda: 4290,
          ...picture('lamen'),
        },
      ],
    },
    {
      ref: 'bebidas',
      descricao: 'Bebidas',
      detalhes: '',
      aberto: false,
      products: [
        { ref: 'cha-verde', descricao: 'Chá verde gelado 500 ml', valor_venda: 990, ...picture('cha-verde') },
        {
          ref: 'ramune',
          descricao: 'Ramune',
          detalhes: 'Refrigerante japonês.',
          valor_venda: 1490,
          ...picture('ramune'),
        },
        { ref: 'agua-sakura', descricao: 'Água mineral 500 ml', valor_venda: 500, ...picture('agua-sakura') },
      ],
    },
  ],
  option_groups: [
    {
      ref: 'extras-temaki',
      descricao: 'Adicionais',
      detalhes: 'Até 3.',
      items: [
        { ref: 'cream-cheese', descricao: 'Cream cheese', preco: 400 },
        { ref: 'cebolinha', descricao: 'Cebolinha extra', preco: 100 },
        { ref: 'tarê', descricao: 'Molho tarê', preco: 200 },
        { ref: 'crispy', descricao: 'Crispy de couve', preco: 300 },
      ].map((item) => ({ ...item, ref: item.ref.normalize('NFD').replace(/[\u0300-\u036f]/g, '') })),
    },
    {
      ref: 'molhos',
      descricao: 'Molhos',
      detalhes: 'Shoyu já acompanha.',
      items: [
        { ref: 'tare', descricao: 'Tarê', preco: 200 },
        { ref: 'agridoce', descricao: 'Agridoce', preco: 200 },
        { ref: 'shoyu-light', descricao: 'Shoyu light', preco: 0 },
      ],
    },
    {
      ref: 'porcoes-combinado',
      descricao: 'Porções',
      detalhes: 'Cada porção tem 4 peças.',
      repetir_itens: true,
      items: [
        { ref: 'sashimi-salmao', descricao: 'Sashimi de salmão', preco: 1490 },
        { ref: 'niguiri-salmao', descricao: 'Niguiri de salmão', preco: 1190 },
        { ref: 'uramaki', descricao: 'Uramaki Filadélfia', preco: 1090 },
        { ref: 'hossomaki-pepino', descricao: 'Hossomaki de pepino', preco: 690 },
        { ref: 'hot', descricao: 'Hot roll', preco: 1090 },
      ],
    },
    {
      ref: 'proteina-yakisoba',
      descricao: 'Proteína',
      items: [
        { ref: 'frango', descricao: 'Frango', preco: 0 },
        { ref: 'carne', descricao: 'Carne', preco: 500 },
        { ref: 'camarao', descricao: 'Camarão', preco: 1200 },
        { ref: 'legumes', descricao: 'Só legumes', preco: 0 },
      ],
    },
  ],
  cities: [],
  payment_methods: [
    { id: 1, tipo: 'dinheiro', descricao: 'Dinheiro', permite_troco: true },
    { id: 2, tipo: 'cartao', descricao: 'Cartão na entrega (crédito ou débito)' },
    {
      id: 3,
      tipo: 'pix',
      descricao: 'PIX',
      chave_pix: '11988880000',
      tipo_chave_pix: 'telefone',
      pix_nome_titular: 'Sakura Temakeria ME',
    },
  ],
  loyalty: null,
  tables: Array.from({ length: 6 }, (_, i) => ({ ref: `balcao-${i + 1}`, description: `Balcão ${i + 1}` })),
  // Demo credentials of the stand-in PSP's Stripe shape; they open nothing real.
  payment_provider: {
    provider: 'stripe',
    api_url: 'standin',
    secret_key: 'sk_test_comanda_demo_sakura_0001',
    webhook_secret: 'whsec_comanda_demo_sakura',
  },
};
