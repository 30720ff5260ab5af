/** The first demo store: a pizzeria and burger house open all day, every day. Money in centavos. */

import { demoPicture } from './pictures.ts';

const media = (file: string) => `/media/pizzaria/${file}`;
const picture = (ref: string) => demoPicture('pizzaria', ref);

const sizes = [
  { key: 'broto', label: 'Broto (4 fatias)', factor: 0.55 },
  { key: 'media', label: 'Média (6 fatias)', factor: 0.8 },
  { key: 'grande', label: 'Grande (8 fatias)', factor: 1 },
] as const;

const round = (centavos: number) => Math.round(centavos / 100) * 100 - 10;

const savouryPizzas = [
  {
    ref: 'calabresa',
    name: 'Calabresa',
    details: 'Molho de tomate, mussarela, calabresa fatiada e cebola.',
    price: 5990,
  },
  {
    ref: 'mussarela',
    name: 'Mussarela',
    details: 'Molho de tomate, mussarela, tomate e orégano.',
    price: 5490,
  },
  {
    ref: 'margherita',
    name: 'Margherita',
    details: 'Molho de tomate, mussarela de búfala, manjericão fresco.',
    price: 6290,
  },
  {
    ref: 'portuguesa',
    name: 'Portuguesa',
    details: 'Presunto, ovos, cebola, ervilha, azeitona e mussarela.',
    price: 6490,
  },
  {
    ref: 'frango-catupiry',
    name: 'Frango com Catupiry',
    details: 'Frango desfiado temperado com Catupiry original.',
    price: 6490,
  },
  {
    ref: 'quatro-queijos',
    name: 'Quatro Queijos',
    details: 'Mussarela, provolone, parmesão e gorgonzola.',
    price: 6790,
  },
  { ref: 'pepperoni', name: 'Pepperoni', details: 'Mussarela e pepperoni levemente picante.', price: 6990 },
  {
    ref: 'napolitana',
    name: 'Napolitana',
    details: 'Mussarela, tomate em rodelas, parmesão e alho.',
    price: 5990,
  },
  {
    ref: 'baiana',
    name: 'Baiana',
    details: 'Calabresa moída apimentada, ovos, cebola e pimenta.',
    price: 6190,
  },
  {
    ref: 'vegetariana',
    name: 'Vegetariana',
    details: 'Abobrinha, berinjela, pimentão, champignon e mussarela.',
    price: 6290,
  },
];

const sweetPizzas = [
  {
    ref: 'chocolate',
    name: 'Chocolate com Morango',
    details: 'Chocolate ao leite e morangos frescos.',
    price: 5990,
  },
  {
    ref: 'romeu-julieta',
    name: 'Romeu e Julieta',
    details: 'Goiabada cremosa com queijo minas.',
    price: 5490,
  },
  {
    ref: 'banana-canela',
    name: 'Banana com Canela',
    details: 'Banana, açúcar, canela e leite condensado.',
    price: 5290,
  },
];

function pizzaProduct(p: (typeof savouryPizzas)[number], sizeKeys: readonly (typeof sizes)[number][]) {
  return {
    ref: `pizza-${p.ref}`,
    descricao: `Pizza ${p.name}`,
    detalhes: p.details,
    ...picture(`pizza-${p.ref}`),
    groups: [{ group: 'borda-recheada', min: 0, max: 1 }],
    variants: sizeKeys.map((size) => ({
      ref: `pizza-${p.ref}-${size.key}`,
      descricao: `Pizza ${p.name} ${size.label.split(' ')[0]}`,
      detalhes: `${size.label}. ${p.details}`,
      valor_venda: round(p.price * size.factor),
    })),
  };
}

/** A flavour group for half-and-half pizzas of one size. */
function flavourGroup(size: (typeof sizes)[number], policy: 'Média' | 'SomaMaior') {
  const perHalf = policy === 'SomaMaior';
  return {
    ref: `sabores-${size.key}-${perHalf ? 'maior' : 'media'}`,
    descricao: 'Escolha até 2 sabores',
    detalhes: perHalf
      ? 'Cada metade é cobrada pelo sabor mais caro.'
      : 'O preço é a média dos sabores escolhidos.',
    politica_cobranca: policy,
    items: savouryPizzas.map((p) => ({
      ref: p.ref,
      descricao: p.name,
      detalhes: p.details,
      // Média: each flavour carries the whole pizza's price; SomaMaior: the price of one half.
      preco: perHalf ? Math.round(round(p.price * size.factor) / 2) : round(p.price * size.factor),
      product: `pizza-${p.ref}-${size.key}`,
    })),
  };
}

/**
 * The combo's flavours: a large pizza of up to two traditional flavours, all included in the combo's
 * price (a combo's options are priced as part of it, not at the stand-alone pizza's price).
 */
function comboFlavourGroup() {
  return {
    ref: 'sabores-combo-grande',
    descricao: 'Escolha até 2 sabores',
    detalhes: 'Pizza grande: todos os sabores tradicionais estão inclusos no combo.',
    politica_cobranca: 'Média' as const,
    items: savouryPizzas.map((p) => ({
      ref: p.ref,
      descricao: p.name,
      detalhes: p.details,
      preco: 0,
      product: `pizza-${p.ref}-grande`,
    })),
  };
}

const burgerIngredients = (
  ref: string,
  extras: { ref: string; name: string; price: number; standard: number }[],
) => ({
  ref: `ingredientes-${ref}`,
  descricao: 'Ingredientes',
  detalhes: 'Tire o que não quiser ou peça uma porção a mais.',
  repetir_itens: true,
  items: extras.map((e) => ({
    ref: e.ref,
    descricao: e.name,
    preco: e.price,
    qt_padrao: e.standard,
    ingrediente: true,
  })),
});

const burgers = [
  {
    ref: 'classico',
    name: 'Clássico',
    details:
      'Blend bovino 160 g, queijo prata, alface, tomate, cebola roxa e maionese da casa no pão brioche.',
    price: 3290,
    ingredients: [
      { ref: 'queijo-prata', name: 'Queijo prata', price: 400, standard: 1 },
      { ref: 'alface', name: 'Alface', price: 150, standard: 1 },
      { ref: 'tomate', name: 'Tomate', price: 150, standard: 1 },
      { ref: 'cebola-roxa', name: 'Cebola roxa', price: 150, standard: 1 },
      { ref: 'maionese', name: 'Maionese da casa', price: 200, standard: 1 },
    ],
  },
  {
    ref: 'cheddar-bacon',
    name: 'Cheddar Bacon',
    details: 'Blend bovino 160 g, cheddar cremoso, bacon crocante e cebola caramelizada.',
    price: 3790,
    ingredients: [
      { ref: 'cheddar', name: 'Cheddar cremoso', price: 500, standard: 1 },
      { ref: 'bacon', name: 'Bacon', price: 600, standard: 1 },
      { ref: 'cebola-caramelizada', name: 'Cebola caramelizada', price: 300, standard: 1 },
    ],
  },
  {
    ref: 'duplo-smash',
    name: 'Duplo Smash',
    details: 'Dois smash burgers de 90 g, queijo americano duplo, picles e molho especial.',
    price: 3990,
    ingredients: [
      { ref: 'queijo-americano', name: 'Queijo americano', price: 400, standard: 2 },
      { ref: 'picles', name: 'Picles', price: 200, standard: 1 },
      { ref: 'cebola', name: 'Cebola', price: 150, standard: 1 },
      { ref: 'molho-especial', name: 'Molho especial', price: 200, standard: 1 },
    ],
  },
  {
    ref: 'frango-crispy',
    name: 'Frango Crispy',
    details: 'Sobrecoxa empanada crocante, alface americana, tomate e maionese de ervas.',
    price: 3490,
    ingredients: [
      { ref: 'alface', name: 'Alface americana', price: 150, standard: 1 },
      { ref: 'tomate', name: 'Tomate', price: 150, standard: 1 },
      { ref: 'maionese-ervas', name: 'Maionese de ervas', price: 200, standard: 1 },
    ],
  },
  {
    ref: 'veggie',
    name: 'Veggie',
    details: 'Hambúrguer de grão-de-bico, queijo coalho grelhado, rúcula e tomate seco.',
    price: 3390,
    ingredients: [
      { ref: 'queijo-coalho', name: 'Queijo coalho', price: 500, standard: 1 },
      { ref: 'rucula', name: 'Rúcula', price: 150, standard: 1 },
      { ref: 'tomate-seco', name: 'Tomate seco', price: 300, standard: 1 },
    ],
  },
];

export const pizzaria = {
  slug: 'pizzaria',
  settings: {
    nome: 'Forno & Brasa',
    apresentacao:
      'Pizzas de fermentação natural assadas no forno a lenha e hambúrgueres artesanais na brasa. Desde 2009 no centro de São Paulo.',
    endereco: 'Rua Augusta, 1500 - Consolação, São Paulo - SP',
    contato: '(11) 3255-0000',
    email_contato: 'contato@fornoebrasa.example',
    whatsapp: '5511999990000',
    instagram: 'https://instagram.com/fornoebrasa',
    facebook: 'https://facebook.com/fornoebrasa',
    site: 'https://fornoebrasa.example',
    delivery_time: 50,
    pickup_time: 25,
    permite_entrega: true,
    permite_busca: true,
    permite_comer_local: true,
    agendamento_ativo: false,
    permite_agendamento: false,
    valor_minimo: 2500,
    delivery_fee_type: 'neighbourhood',
    latitude: -23.5558,
    longitude: -46.6623,
    delivery_customer_doc_required: false,
    // PIX and cards online through Mercado Pago's API, answered by the local stand-in PSP (pay PIX on
    // its simulator; cards with any valid number, the holder's name saying the outcome: APRO pays).
    online_payment: true,
    payment_by_pix: true,
    payment_by_card: true,
    expiration_time_pix: 300,
    // Tables: the first round opens the tab (no waiter's code); a 10% service fee offered at closing.
    mesa_exige_codigo: false,
    taxa_servico_perc: 10,
  },
  look: {
    primary_color: '#b3261e',
    secondary_color: '#f2b705',
    font_family: 'Poppins',
    font_url: '/media/fonts/poppins-latin-400-normal.woff2',
    default_style_mode: 'light',
    logo: media('logo.webp'),
    icon_192: media('icon-192.png'),
    icon_512: media('icon-512.png'),
    bg_image: media('banner.webp'),
    mostrar_logo_banner: true,
  },
  hours: [0, 1, 2, 3, 4, 5, 6, 7].map((dia_semana) => ({
    dia_semana,
    turno: 1,
    hr_inicio: '00:00',
    hr_fim: '23:59',
  })),
  categories: [
    {
      ref: 'promocoes',
      descricao: 'Promoções',
      detalhes: 'Só no app.',
      aberto: true,
      products: [
        {
          ref: 'combo-pizza-refri',
          descricao: 'Combo Grande + Refri 2 L',
          detalhes:
            'Uma pizza grande de até 2 sabores e um refrigerante de 2 litros. Exclusivo para pedidos pelo app.',
          valor_venda: 7490,
          ativo_garcom: false,
          ...picture('combo-pizza-refri'),
          groups: [
            { group: 'sabores-combo-grande', min: 1, max: 2 },
            { group: 'refrigerante-2l', min: 1, max: 1 },
          ],
        },
        {
          ref: 'combo-burger-fritas',
          descricao: 'Combo Clássico + Fritas + Lata',
          detalhes: 'Hambúrguer clássico, batata frita pequena e um refrigerante lata.',
          valor_venda: 4490,
          ...picture('combo-burger-fritas'),
          groups: [
            { group: 'ingredientes-classico', min: 0, max: 0 },
            { group: 'refrigerante-lata', min: 1, max: 1 },
          ],
        },
      ],
    },
    {
      ref: 'meio-a-meio',
      descricao: 'Pizzas meio a meio',
      detalhes: 'Monte sua pizza com até dois sabores.',
      aberto: true,
      products: [
        {
          ref: 'pizza-meio-a-meio',
          descricao: 'Pizza Meio a Meio',
          detalhes: 'Escolha o tamanho e até dois sabores: você paga a média dos sabores.',
          ...picture('pizza-meio-a-meio'),
          variants: [
            {
              ref: 'pizza-meio-a-meio-media',
              descricao: 'Pizza Meio a Meio Média',
              detalhes: 'Média, 6 fatias.',
              valor_venda: 0,
              groups: [
                { group: 'sabores-media-media', min: 1, max: 2 },
                { group: 'borda-recheada', min: 0, max: 1 },
              ],
            },
            {
              ref: 'pizza-meio-a-meio-grande',
              descricao: 'Pizza Meio a Meio Grande',
              detalhes: 'Grande, 8 fatias.',
              valor_venda: 0,
              groups: [
                { group: 'sabores-grande-media', min: 1, max: 2 },
                { group: 'borda-recheada', min: 0, max: 1 },
              ],
            },
          ],
        },
        {
          ref: 'pizza-dois-sabores-premium',
          descricao: 'Pizza Dois Sabores Premium',
          detalhes: 'Grande, exatamente dois sabores: cada metade pelo preço do sabor mais caro.',
          valor_venda: 0,
          ...picture('pizza-dois-sabores-premium'),
          groups: [
            { group: 'sabores-grande-maior', min: 2, max: 2 },
            { group: 'borda-recheada', min: 0, max: 1 },
          ],
        },
      ],
    },
    {
      ref: 'pizzas',
      descricao: 'Pizzas tradicionais',
      detalhes: 'Massa de fermentação natural, forno a lenha.',
      aberto: true,
      products: savouryPizzas.map((p) => pizzaProduct(p, sizes)),
    },
    {
      ref: 'pizzas-doces',
      descricao: 'Pizzas doces',
      detalhes: '',
      aberto: false,
      products: sweetPizzas.map((p) => pizzaProduct(p, [sizes[0], sizes[1]])),
    },
    {
      ref: 'hamburgueres',
      descricao: 'Hambúrgueres',
      detalhes: 'Todos acompanham pão brioche. Tire ou acrescente ingredientes.',
      aberto: true,
      products: burgers.map((b) => ({
        ref: `burger-${b.ref}`,
        descricao: `Burger ${b.name}`,
        detalhes: b.details,
        valor_venda: b.price,
        ...picture(`burger-${b.ref}`),
        groups: [
          ...(b.ref === 'veggie' || b.ref === 'frango-crispy'
            ? []
            : [{ group: 'ponto-carne', min: 1, max: 1 }]),
          { group: `ingredientes-${b.ref}`, min: 0, max: 0 },
          { group: 'adicionais-burger', min: 0, max: 5 },
        ],
      })),
    },
    {
      ref: 'acai',
      descricao: 'Açaí',
      detalhes: 'Açaí puro do Pará, batido na hora.',
      aberto: false,
      products: [
        {
          ref: 'monte-seu-acai',
          descricao: 'Monte seu açaí',
          detalhes: 'Escolha o tamanho e até 6 complementos (repita os que quiser).',
          valor_venda: 0,
          ...picture('monte-seu-acai'),
          groups: [
            { group: 'tamanho-acai', min: 1, max: 1 },
            { group: 'complementos-acai', min: 0, max: 6 },
            { group: 'caldas-acai', min: 0, max: 2 },
          ],
        },
        {
          ref: 'acai-tradicional',
          descricao: 'Açaí tradicional 500 ml',
          detalhes: 'Açaí com banana, granola e mel.',
          valor_venda: 2290,
          ...picture('acai-tradicional'),
        },
      ],
    },
    {
      ref: 'porcoes',
      descricao: 'Porções',
      detalhes: '',
      aberto: false,
      products: [
        {
          ref: 'batata-frita',
          descricao: 'Batata frita',
          detalhes: 'Batata rústica com sal e alecrim.',
          ...picture('batata-frita'),
          variants: [
            {
              ref: 'batata-frita-p',
              descricao: 'Batata frita pequena',
              detalhes: '200 g.',
              valor_venda: 1590,
            },
            {
              ref: 'batata-frita-g',
              descricao: 'Batata frita grande',
              detalhes: '450 g, serve duas pessoas.',
              valor_venda: 2690,
            },
          ],
        },
        {
          ref: 'onion-rings',
          descricao: 'Onion rings',
          detalhes: 'Anéis de cebola empanados com molho barbecue.',
          valor_venda: 2190,
          ...picture('onion-rings'),
        },
        {
          ref: 'calabresa-acebolada',
          descricao: 'Calabresa acebolada',
          detalhes: 'Calabresa fatiada na chapa com cebola e pão de alho.',
          valor_venda: 3290,
          ...picture('calabresa-acebolada'),
        },
        {
          ref: 'porcao-do-dia',
          descricao: 'Porção do dia',
          detalhes: 'Pergunte ao garçom: o preço varia com a porção escolhida.',
          valor_venda: 0,
          ativo_pedidos: false,
          ...picture('porcao-do-dia'),
        },
      ],
    },
    {
      ref: 'bebidas',
      descricao: 'Bebidas',
      detalhes: '',
      aberto: false,
      products: [
        { ref: 'coca-lata', descricao: 'Coca-Cola lata 350 ml', valor_venda: 690, ...picture('coca-lata') },
        {
          ref: 'guarana-lata',
          descricao: 'Guaraná Antarctica lata 350 ml',
          valor_venda: 650,
          ...picture('guarana-lata'),
        },
        {
          ref: 'refri-2l',
          descricao: 'Refrigerante 2 L',
          detalhes: 'Coca-Cola ou Guaraná.',
          valor_venda: 1490,
          ...picture('refri-2l'),
        },
        {
          ref: 'agua',
          descricao: 'Água mineral 500 ml',
          detalhes: 'Com ou sem gás.',
          valor_venda: 450,
          ...picture('agua'),
        },
        {
          ref: 'suco-natural',
          descricao: 'Suco natural',
          detalhes: 'Laranja, limão ou maracujá, feito na hora.',
          ...picture('suco-natural'),
          groups: [{ group: 'sabor-suco', min: 1, max: 1 }],
          variants: [
            { ref: 'suco-natural-300', descricao: 'Suco natural 300 ml', valor_venda: 890 },
            { ref: 'suco-natural-500', descricao: 'Suco natural 500 ml', valor_venda: 1190 },
          ],
        },
        {
          ref: 'cerveja-long-neck',
          descricao: 'Cerveja long neck',
          detalhes: 'Servida gelada no salão. Venda proibida para menores de 18 anos.',
          valor_venda: 1190,
          ativo_pedidos: false,
          ...picture('cerveja-long-neck'),
        },
        {
          ref: 'chopp',
          descricao: 'Chopp Pilsen 300 ml',
          detalhes: 'Só no salão.',
          valor_venda: 1290,
          ativo_pedidos: false,
          ...picture('chopp'),
        },
      ],
    },
    {
      ref: 'sobremesas',
      descricao: 'Sobremesas',
      detalhes: '',
      aberto: false,
      products: [
        {
          ref: 'petit-gateau',
          descricao: 'Petit gâteau',
          detalhes: 'Bolinho de chocolate com recheio cremoso e sorvete de creme.',
          valor_venda: 2190,
          ...picture('petit-gateau'),
        },
        {
          ref: 'brownie',
          descricao: 'Brownie com nozes',
          detalhes: 'Servido morno.',
          valor_venda: 1490,
          ...picture('brownie'),
        },
        {
          ref: 'pudim',
          descricao: 'Pudim de leite',
          detalhes: 'Receita da casa.',
          valor_venda: 1290,
          ...picture('pudim'),
        },
      ],
    },
  ],
  option_groups: [
    flavourGroup(sizes[1], 'Média'),
    flavourGroup(sizes[2], 'Média'),
    flavourGroup(sizes[2], 'SomaMaior'),
    comboFlavourGroup(),
    {
      ref: 'borda-recheada',
      descricao: 'Borda recheada',
      detalhes: 'Opcional.',
      items: [
        { ref: 'catupiry', descricao: 'Catupiry', preco: 900 },
        { ref: 'cheddar', descricao: 'Cheddar', preco: 900 },
        { ref: 'chocolate', descricao: 'Chocolate', preco: 1100 },
      ],
    },
    {
      ref: 'ponto-carne',
      descricao: 'Ponto da carne',
      items: [
        { ref: 'mal-passado', descricao: 'Mal passado' },
        { ref: 'ao-ponto', descricao: 'Ao ponto' },
        { ref: 'bem-passado', descricao: 'Bem passado' },
      ],
    },
    ...burgers.map((b) => burgerIngredients(b.ref, b.ingredients)),
    {
      ref: 'adicionais-burger',
      descricao: 'Adicionais',
      detalhes: 'Até 5, repita se quiser.',
      repetir_itens: true,
      items: [
        { ref: 'hamburguer-extra', descricao: 'Hambúrguer extra 160 g', preco: 1200 },
        { ref: 'bacon-extra', descricao: 'Bacon', preco: 600 },
        { ref: 'ovo', descricao: 'Ovo', preco: 300 },
        { ref: 'cheddar-extra', descricao: 'Cheddar', preco: 500 },
        { ref: 'jalapeno', descricao: 'Jalapeño', preco: 400, ativo_pedidos: false },
      ],
    },
    {
      ref: 'tamanho-acai',
      descricao: 'Tamanho',
      items: [
        { ref: '300ml', descricao: '300 ml', preco: 1490 },
        { ref: '500ml', descricao: '500 ml', preco: 1990 },
        { ref: '700ml', descricao: '700 ml', preco: 2490 },
      ],
    },
    {
      ref: 'complementos-acai',
      descricao: 'Complementos',
      detalhes: 'Até 6, pode repetir.',
      repetir_itens: true,
      items: [
        { ref: 'granola', descricao: 'Granola', preco: 200 },
        { ref: 'leite-em-po', descricao: 'Leite em pó', preco: 200 },
        { ref: 'banana', descricao: 'Banana', preco: 200 },
        { ref: 'morango', descricao: 'Morango', preco: 300 },
        { ref: 'pacoca', descricao: 'Paçoca', preco: 200 },
        { ref: 'kiwi', descricao: 'Kiwi', preco: 300 },
        { ref: 'creme-de-avela', descricao: 'Creme de avelã', preco: 500 },
      ],
    },
    {
      ref: 'caldas-acai',
      descricao: 'Caldas',
      detalhes: 'Até 2, sem repetir.',
      items: [
        { ref: 'leite-condensado', descricao: 'Leite condensado', preco: 200 },
        { ref: 'mel', descricao: 'Mel', preco: 200 },
        { ref: 'chocolate', descricao: 'Calda de chocolate', preco: 200 },
      ],
    },
    {
      ref: 'refrigerante-lata',
      descricao: 'Refrigerante',
      items: [
        { ref: 'coca', descricao: 'Coca-Cola lata', product: 'coca-lata' },
        { ref: 'guarana', descricao: 'Guaraná lata', product: 'guarana-lata' },
      ],
    },
    {
      ref: 'refrigerante-2l',
      descricao: 'Refrigerante 2 L',
      items: [
        { ref: 'coca', descricao: 'Coca-Cola 2 L' },
        { ref: 'guarana', descricao: 'Guaraná 2 L' },
      ],
    },
    {
      ref: 'sabor-suco',
      descricao: 'Sabor',
      items: [
        { ref: 'laranja', descricao: 'Laranja' },
        { ref: 'limao', descricao: 'Limão' },
        { ref: 'maracuja', descricao: 'Maracujá' },
      ],
    },
  ],
  cities: [
    {
      ref: 'sao-paulo',
      nome: 'São Paulo',
      estado: 'SP',
      neighbourhoods: [
        { ref: 'consolacao', descricao: 'Consolação', valor_entrega: 500 },
        { ref: 'bela-vista', descricao: 'Bela Vista', valor_entrega: 600 },
        { ref: 'jardim-paulista', descricao: 'Jardim Paulista', valor_entrega: 700 },
        { ref: 'republica', descricao: 'República', valor_entrega: 700 },
        {
          ref: 'pinheiros',
          descricao: 'Pinheiros',
          valor_entrega: 900,
          valor_entrega_desconto: 0,
          discount_minimum_order: 8000,
        },
        {
          ref: 'vila-mariana',
          descricao: 'Vila Mariana',
          valor_entrega: 1000,
          valor_entrega_desconto: 500,
          discount_minimum_order: 10000,
        },
        { ref: 'liberdade', descricao: 'Liberdade', valor_entrega: 800 },
        { ref: 'perdizes', descricao: 'Perdizes', valor_entrega: 900 },
        { ref: 'moema', descricao: 'Moema', valor_entrega: 1200, ativo: false },
      ],
    },
    {
      ref: 'osasco',
      nome: 'Osasco',
      estado: 'SP',
      neighbourhoods: [
        { ref: 'osasco-centro', descricao: 'Centro', valor_entrega: 1500 },
        { ref: 'presidente-altino', descricao: 'Presidente Altino', valor_entrega: 1500 },
      ],
    },
  ],
  payment_methods: [
    { id: 1, tipo: 'dinheiro', descricao: 'Dinheiro', permite_troco: true },
    { id: 2, tipo: 'cartao', descricao: 'Cartão de crédito (na entrega)' },
    { id: 3, tipo: 'cartao', descricao: 'Cartão de débito (na entrega)' },
    {
      id: 4,
      tipo: 'pix',
      descricao: 'PIX (chave da loja)',
      chave_pix: 'pix@fornoebrasa.example',
      tipo_chave_pix: 'email',
      pix_nome_titular: 'Forno e Brasa Alimentos LTDA',
    },
    { id: 5, tipo: 'cartao', descricao: 'Vale-refeição', tipos_entrega: ['Retirada', 'Vem comer'] },
  ],
  loyalty: {
    ativo: true,
    descricao:
      'A cada R$ 1,00 em produtos você ganha 1 ponto. Com 100 pontos, troque por R$ 15,00 de desconto no próximo pedido. Os pontos não valem junto com cupom.',
    pontos_recompensa: 100,
    recompensa_perc: false,
    vlr_recompensa: 1500,
    pontos_por_real: 1,
  },
  coupons: [
    {
      code: 'BEMVINDO10',
      descricao: '10% de desconto nos produtos',
      perc: true,
      valor: 10,
      local: 'Carrinho',
    },
    {
      code: 'ENTREGA5',
      descricao: 'R$ 5,00 de desconto na entrega',
      perc: false,
      valor: 500,
      local: 'Entrega',
    },
    {
      code: 'PRIMEIRA15',
      descricao: 'R$ 15,00 de desconto no primeiro pedido a partir de R$ 60,00',
      perc: false,
      valor: 1500,
      local: 'Carrinho',
      max_uses_per_customer: 1,
      min_subtotal: 6000,
    },
  ],
  tables: Array.from({ length: 10 }, (_, i) => ({ ref: `mesa-${i + 1}`, description: `Mesa ${i + 1}` })),
  // Demo credentials of the stand-in PSP's Mercado Pago shape; they open nothing real.
  payment_provider: {
    provider: 'mercadopago',
    base_url: 'standin',
    access_token: 'TEST-comanda-demo-pizzaria-0001',
    webhook_secret: 'comanda-demo-webhook-secret-pizzaria',
  },
};
