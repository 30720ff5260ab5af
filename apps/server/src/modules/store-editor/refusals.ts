import { PRICE_CAP } from '@comanda/contract';
import { formatBRL, STORE_FONTS } from '@comanda/domain';
import type { z } from 'zod';
import { AppError, invalid } from '../../lib/errors.ts';
import type { ShapeProblem } from './sections.ts';

/*
 * Every refusal of the staff editor, with its code and the words an owner reads on a phone
 * (pt-BR). A refused document names the document path of its first problem (`field`) and lists
 * them all (`issues`); the store document's own messages are English, for store:import's operator,
 * so each is said again here.
 */

export const refuse = {
  ifMatchRequired: () =>
    new AppError(
      'precondition_required',
      'PRECONDITION_REQUIRED',
      'Envie o cabeçalho If-Match com a menu_version que você leu da loja.',
    ),
  ifMatchInvalid: () =>
    invalid('INVALID_IF_MATCH', 'O cabeçalho If-Match deve ser a menu_version lida da loja.', 'If-Match'),
  versionConflict: (current: number) =>
    new AppError(
      'conflict',
      'MENU_VERSION_CONFLICT',
      'A loja mudou desde que você a abriu. Carregue de novo e refaça a alteração.',
      { menuVersion: current },
    ),
  shape: (problem: ShapeProblem) =>
    invalid(
      'INVALID_INPUT',
      problem.kind === 'missing'
        ? 'Campo obrigatório.'
        : problem.kind === 'unknown'
          ? 'Este campo não faz parte desta seção.'
          : 'Envie um objeto com os campos da seção.',
      problem.field || undefined,
    ),
  document: (issues: z.core.$ZodIssue[], input: unknown) => {
    const described = issues.slice(0, 50).map((issue) => describeIssue(issue, input));
    const first = described[0]!;
    return new AppError('invalid', first.code, first.detail, { field: first.field, issues: described });
  },
};

const DAYS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado', 'feriado'];
const DUPLICATE_OF: Record<string, string> = {
  'category ref': 'outra categoria',
  'product ref': 'outro produto',
  'option group ref': 'outro grupo de opções',
  'item ref': 'outra opção do grupo',
  'payment method id': 'outra forma de pagamento',
  'city ref': 'outra cidade',
  'coupon code': 'outro cupom',
  'table ref': 'outra mesa',
};

/** The store document's own messages (English, packages/contract/src/store-document.ts) in Portuguese. */
const MESSAGES: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^must be whole centavos$/, () => 'O valor deve ser em centavos, um número inteiro (R$ 12,90 é 1290).'],
  [
    /^must be lower-case letters, digits and dashes/,
    () => 'Use letras minúsculas, números e hífens (até 80).',
  ],
  [/^must be a time HH:MM$/, () => 'Use um horário HH:MM.'],
  [/^must be a colour like/, () => 'Use uma cor no formato #rrggbb, como #c0392b.'],
  [
    /^must be a path starting with/,
    () => 'Use um endereço https:// ou um caminho do servidor que comece com /.',
  ],
  [/^must be a two-letter state/, () => 'Use a sigla do estado, como SP.'],
  [/^must be 2 to 40 letters/, () => 'O código deve ter de 2 a 40 letras, números, - ou _.'],
  [/^a percent must be 0 to 100/, () => 'A porcentagem deve ser de 0 a 100, com até duas casas decimais.'],
  [/^must not be before valid_from$/, () => 'O fim da validade não pode ser antes do início.'],
  [/^must not hold NUL characters$/, () => 'Texto com caracteres inválidos.'],
  [/^a radius fee needs at least one tier$/, () => 'A taxa por distância precisa de pelo menos uma faixa.'],
  [
    /^radius and area fees need the store position$/,
    () => 'Taxas por distância ou por área precisam da posição da loja (latitude e longitude).',
  ],
  [/^an area fee needs at least one area$/, () => 'A taxa por área precisa de pelo menos uma área.'],
  [
    /^duplicate (neighbourhood ref) '(.+)'$/,
    (m) => `O código '${m[2]}' já é de outro bairro (o código é único entre as cidades).`,
  ],
  [/^duplicate (.+) '(.+)'$/, (m) => `O código '${m[2]}' já é de ${DUPLICATE_OF[m[1]!] ?? 'outro item'}.`],
  [/^unknown product '(.+)'$/, (m) => `Não há produto com o código '${m[1]}' no cardápio.`],
  [/^unknown option group '(.+)'$/, (m) => `Não há grupo de opções com o código '${m[1]}'.`],
  [/^option group '(.+)' used twice$/, (m) => `O grupo de opções '${m[1]}' aparece duas vezes; deixe um só.`],
  [/^two shifts (\d) on day (\d)$/, (m) => `Há dois turnos ${m[1]} no mesmo dia (${DAYS[Number(m[2])]}).`],
];

const LOOK_PICTURE_NAMES: Record<string, string> = {
  logo: 'Logo',
  icon_192: 'Ícone do app',
  icon_512: 'Ícone do app',
  bg_image: 'Fundo',
  bg_video: 'Vídeo de fundo',
};

/** Each contact field's refusal, naming the field as the editor's screen does. */
const CONTACT_LINK_TEXT: Record<string, string> = {
  contato:
    'Telefone: use só o número com DDD (números, espaços, +, parênteses e hífens), como (11) 3255-0000.',
  whatsapp: 'WhatsApp: use o número com DDD, só números, ou um link https://wa.me/….',
  instagram:
    'Instagram: use o @perfil ou um endereço que comece com https://, como https://instagram.com/sualoja.',
  facebook:
    'Facebook: use o @perfil ou um endereço que comece com https://, como https://facebook.com/sualoja.',
  site: 'Site: use um endereço que comece com https:// (ou http://), como https://sualoja.com.br.',
};

const decimal = (n: number) => String(n).replace('.', ',');

/** The words of a rule the document names by code (packages/contract/src/store-document.ts). */
function ruleText(code: string, issue: z.core.$ZodIssue, input: unknown): string | null {
  const params = (issue as { params?: Record<string, unknown> }).params ?? {};
  switch (code) {
    case 'PRICE_OUT_OF_RANGE':
      return `O preço deve ser de ${formatBRL(0)} a ${formatBRL(PRICE_CAP)}.`;
    case 'GROUP_MIN_ABOVE_MAX': {
      const use = valueAt(input, issue.path.slice(0, -1)) as { min?: unknown; max?: unknown } | undefined;
      return `O mínimo (${String(use?.min)}) não pode passar do máximo (${String(use?.max)}); máximo 0 é sem limite.`;
    }
    case 'GROUP_WITHOUT_ITEMS':
      return 'O grupo precisa de pelo menos uma opção.';
    case 'UNKNOWN_FONT': {
      if (issue.path.at(-1) === 'font_url') {
        const family = (valueAt(input, issue.path.slice(0, -1)) as { font_family?: string } | undefined)
          ?.font_family;
        const url = STORE_FONTS.find((font) => font.family === family)?.url;
        return url
          ? `O arquivo da fonte deve ser ${url} (ou nenhum).`
          : 'A fonte do sistema não usa arquivo.';
      }
      return `Fonte indisponível na loja: escolha ${STORE_FONTS.map((font) => font.family).join(', ')}.`;
    }
    case 'PRIMARY_COLOUR_CONTRAST': {
      const colour = String(valueAt(input, issue.path));
      const ratio = decimal(Number(params.ratio));
      return params.against === 'dark'
        ? `A cor principal ${colour} tem contraste de ${ratio}:1 com o fundo escuro da loja; o mínimo é 4,5:1 (WCAG AA). Escolha uma cor mais clara.`
        : `A cor principal ${colour} tem contraste de ${ratio}:1 com texto branco; o mínimo é 4,5:1 (WCAG AA). Escolha uma cor mais escura.`;
    }
    case 'PICTURE_NOT_OWN':
      return `${LOOK_PICTURE_NAMES[String(issue.path.at(-1))] ?? 'A foto'}: envie a foto pelo editor da loja (Aparência); endereços de outros sites não são aceitos.`;
    case 'INVALID_CONTACT_LINK':
      return CONTACT_LINK_TEXT[String(issue.path.at(-1))] ?? 'Use um endereço que comece com https://.';
    case 'POLYGON_NOT_CLOSED':
      return 'A área deve ser um polígono fechado: pelo menos 4 pontos, o último igual ao primeiro.';
    case 'INVALID_TIME_ZONE':
      return 'Fuso horário desconhecido: escolha um dos fusos do Brasil, como America/Sao_Paulo ou America/Manaus.';
    case 'COORDINATES_OUT_OF_RANGE':
      return 'Ponto fora do mapa: a latitude vai de -90 a 90 e a longitude de -180 a 180.';
    default:
      return null;
  }
}

/** Zod's own checks (types, lengths, enums, formats) in Portuguese. */
function builtInText(issue: z.core.$ZodIssue, input: unknown): string {
  switch (issue.code) {
    case 'invalid_type': {
      const value = valueAt(input, issue.path);
      if (value === undefined || value === null) return 'Campo obrigatório.';
      if (issue.expected === 'int') return 'Informe um número inteiro.';
      if (issue.expected === 'number') return 'Informe um número.';
      if (issue.expected === 'boolean') return 'Informe sim ou não (true ou false).';
      if (issue.expected === 'string') return 'Informe um texto.';
      if (issue.expected === 'array' || issue.expected === 'tuple') return 'Informe uma lista.';
      return 'Valor inválido.';
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? 'Campo obrigatório.' : `Use pelo menos ${min} caracteres.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Informe pelo menos ${min}.`;
      return issue.inclusive
        ? `O valor deve ser pelo menos ${decimal(min)}.`
        : `O valor deve ser maior que ${decimal(min)}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `Use no máximo ${max} caracteres.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `No máximo ${max} itens.`;
      return issue.inclusive
        ? `O valor deve ser no máximo ${decimal(max)}.`
        : `O valor deve ser menor que ${decimal(max)}.`;
    }
    case 'invalid_value':
      return `Use um destes valores: ${issue.values.map((value) => String(value)).join(', ')}.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Informe um e-mail válido.';
      if (issue.format === 'date') return 'Use uma data AAAA-MM-DD.';
      if (issue.format === 'datetime') return 'Use data e hora com fuso, como 2026-12-31T23:59:59-03:00.';
      return 'Formato inválido.';
    case 'unrecognized_keys':
      return 'Campo desconhecido.';
    default:
      return 'Valor inválido.';
  }
}

export interface DescribedIssue {
  field: string;
  code: string;
  detail: string;
}

/** One problem of a refused document: its path, its code and what the owner reads. */
export function describeIssue(issue: z.core.$ZodIssue, input: unknown): DescribedIssue {
  const params = (issue as { params?: { code?: unknown } }).params;
  const code = typeof params?.code === 'string' ? params.code : 'INVALID_INPUT';
  const path =
    issue.code === 'unrecognized_keys' && issue.keys.length > 0
      ? [...issue.path, issue.keys[0]!]
      : issue.path;
  const known = MESSAGES.find(([pattern]) => pattern.test(issue.message));
  const text =
    ruleText(code, issue, input) ??
    (known ? known[1](known[0].exec(issue.message)!) : builtInText(issue, input));
  const where = nameAlong(input, issue.path);
  return {
    field: path.map(String).join('.'),
    code,
    detail: where ? `${where}: ${text.charAt(0).toLowerCase()}${text.slice(1)}` : text,
  };
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/**
 * The name of the deepest listed thing the path goes through (a category, product, variant, group,
 * option, city, neighbourhood, area, coupon, payment method), so a phone screen can say which one.
 */
function nameAlong(input: unknown, path: readonly PropertyKey[]): string | null {
  let node = input;
  let name: string | null = null;
  for (const key of path) {
    if (node === null || typeof node !== 'object') break;
    const inList = Array.isArray(node);
    node = (node as Record<PropertyKey, unknown>)[key];
    if (inList && node !== null && typeof node === 'object') {
      const item = node as Record<string, unknown>;
      const label = [item.descricao, item.nome, item.name, item.code].find(
        (value): value is string => typeof value === 'string' && value.trim() !== '',
      );
      if (label) name = label.trim();
    }
  }
  return name;
}
