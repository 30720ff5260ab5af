import type { StoreCreateReply, StoreTemplate } from '@comanda/contract';
import { PASSWORD_MIN_LENGTH, storeSlugProblem } from '@comanda/domain';
import { useId, useState } from 'react';
import { featureTranslator } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/preferences.ts';
import { pageStoreTimeZone } from '../../../lib/store-time-zone.ts';
import { StaffApiError } from '../../lib/staff-api.ts';
import { phoneText } from '../../lib/staff-words.ts';
import { createStore } from '../editor-api.ts';
import { type EditorIssue, useEditor } from '../editor-context.tsx';
import { IssuesContext, TextField } from '../fields.tsx';
import { slugAsTyped, storeAddress } from '../store-address.ts';
import './new-store-view.css';

const useNewStoreT = featureTranslator({
  pt_br: {
    title: 'Nova loja',
    intro:
      'Abra outra loja neste mesmo serviço, com endereço próprio. Ela nasce fechada: o(a) dono(a) entra no app da equipe dela, completa os dados e abre quando estiver pronta.',
    slug: 'Endereço (subdomínio)',
    slugHint: 'Letras minúsculas, números e hífens, sem acentos nem espaços.',
    slugAddress: 'A loja vai ficar em',
    INVALID_SLUG: 'Use de 2 a 63 letras minúsculas, números ou hífens, sem hífen no começo ou no fim.',
    SLUG_RESERVED: 'Este endereço é reservado. Escolha outro.',
    SLUG_TAKEN: 'Já existe uma loja neste endereço. Escolha outro.',
    nome: 'Nome da loja',
    nomeHint: 'Como os clientes vão ver; dá para mudar depois em Contato e redes.',
    INVALID_NAME: 'O nome da loja deve ter de 2 a 120 caracteres.',
    WEAK_PASSWORD:
      'Esta senha é fácil de adivinhar (repetições, sequências, palavras comuns ou o nome da loja, o seu nome ou telefone). Use uma frase com três ou mais palavras, ou misture letras, números e símbolos.',
    COMMON_PASSWORD: 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
    template: 'Começar com',
    blank: 'Loja em branco',
    blankHint:
      'Uma categoria e um produto de exemplo, aberta todo dia das 11:00 às 22:00, só retirada, pagamento em dinheiro e cartão na entrega.',
    pizzaria: 'Cardápio de pizzaria',
    pizzariaHint:
      'O cardápio, os horários e as formas de pagamento na entrega da pizzaria de demonstração, sem o nome, contatos, fotos da marca, bairros, chave PIX, cupons nem fidelidade.',
    owner: 'Primeiro(a) dono(a)',
    ownerHint: 'Quem vai cuidar da nova loja. Pode ser você: cada loja tem sua própria conta da equipe.',
    ownerPhone: 'Celular',
    ownerPhoneHint: 'Com DDD, só números. É o usuário para entrar no app da equipe.',
    ownerName: 'Nome',
    password: 'Senha',
    passwordHint: 'Pelo menos {min} caracteres. Combine com a pessoa como ela vai recebê-la.',
    create: 'Criar loja',
    creating: 'Criando…',
    refused: 'A loja não foi criada: corrija o que está indicado.',
    failed: 'Não foi possível criar a loja: {detail}',
    createdTitle: 'Loja criada',
    createdAt: 'A loja {name} está em:',
    staffLink: 'App da equipe da nova loja:',
    createdClosed:
      'Ela começa fechada para pedidos. O(a) dono(a) entra no app da equipe com o celular {phone} e a senha combinada, completa o cardápio, os horários e a entrega em Ajustes, e abre a loja em Loja.',
    another: 'Criar outra loja',
  },
  en: {
    title: 'New store',
    intro:
      'Open another store on this same service, at its own address. It starts closed: its owner signs in to its staff app, fills it in and opens it when ready.',
    slug: 'Address (sub-domain)',
    slugHint: 'Lower-case letters, digits and dashes, no accents or spaces.',
    slugAddress: 'The store will be at',
    INVALID_SLUG: 'Use 2 to 63 lower-case letters, digits or dashes, no dash at the start or end.',
    SLUG_RESERVED: 'This address is reserved. Pick another.',
    SLUG_TAKEN: 'There is already a store at this address. Pick another.',
    nome: 'Store name',
    nomeHint: 'As customers will see it; it can be changed later in Contact and social.',
    INVALID_NAME: "The store's name must be 2 to 120 characters.",
    WEAK_PASSWORD:
      'This password is easy to guess (repeats, sequences, common words or the store’s name, the person’s name or phone). Use a phrase of three or more words, or mix letters, numbers and symbols.',
    COMMON_PASSWORD: 'This password is too common and easy to guess. Choose another one.',
    template: 'Start with',
    blank: 'Blank store',
    blankHint:
      'One example category and product, open every day 11:00 to 22:00, pickup only, cash and card on delivery.',
    pizzaria: 'Pizzeria menu',
    pizzariaHint:
      "The demo pizzeria's menu, hours and in-person payment methods, without its name, contacts, brand pictures, neighbourhoods, PIX key, coupons or loyalty.",
    owner: 'First owner',
    ownerHint: 'Who will run the new store. It can be you: each store has its own staff account.',
    ownerPhone: 'Mobile',
    ownerPhoneHint: 'With area code, digits only. It is the login to the staff app.',
    ownerName: 'Name',
    password: 'Password',
    passwordHint: 'At least {min} characters. Agree with the person on how they will get it.',
    create: 'Create store',
    creating: 'Creating…',
    refused: 'The store was not created: fix what is marked.',
    failed: 'Could not create the store: {detail}',
    createdTitle: 'Store created',
    createdAt: 'The store {name} is at:',
    staffLink: "The new store's staff app:",
    createdClosed:
      'It starts closed to orders. The owner signs in to the staff app with the mobile {phone} and the agreed password, fills in the menu, hours and delivery in Settings, and opens the store in Store.',
    another: 'Create another store',
  },
});

type NewStoreT = ReturnType<typeof useNewStoreT>;
type Field = 'slug' | 'nome' | 'template' | 'owner_phone' | 'owner_name' | 'password';

/** Refusals this screen words itself (the server's are Portuguese; these follow the staff app's language). */
const OWN_WORDS = [
  'INVALID_SLUG',
  'SLUG_RESERVED',
  'SLUG_TAKEN',
  'INVALID_NAME',
  'WEAK_PASSWORD',
  'COMMON_PASSWORD',
] as const;

const EMPTY = {
  slug: '',
  nome: '',
  template: 'blank' as StoreTemplate,
  owner_phone: '',
  owner_name: '',
  password: '',
};

/** An owner opens another store (POST /staff/stores): its address, name, template and first owner. */
export default function NewStoreView() {
  const t = useNewStoreT();
  const language = useLanguage();
  const { reply } = useEditor();
  const [form, setForm] = useState(EMPTY);
  const [issues, setIssues] = useState<EditorIssue[]>([]);
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'sending' }
    | { kind: 'failed'; detail: string }
    | { kind: 'created'; reply: StoreCreateReply }
  >({ kind: 'idle' });
  const set = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setIssues((current) => current.filter((issue) => issue.field !== field));
  };
  const slugProblem = form.slug === '' ? null : storeSlugProblem(form.slug);
  const shown: EditorIssue[] = [
    ...issues,
    ...(slugProblem && !issues.some((issue) => issue.field === 'slug')
      ? [{ field: 'slug', code: '', detail: t(slugProblem) }]
      : []),
  ];

  if (state.kind === 'created')
    return (
      <Created
        reply={state.reply}
        name={form.nome.trim()}
        phone={form.owner_phone}
        t={t}
        onAnother={() => {
          setForm(EMPTY);
          setState({ kind: 'idle' });
        }}
      />
    );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (state.kind === 'sending') return;
    setState({ kind: 'sending' });
    try {
      const created = await createStore({
        slug: form.slug,
        nome: form.nome.trim(),
        template: form.template,
        // A store made from this one starts on its clock; the hours section changes it.
        time_zone: pageStoreTimeZone(),
        owner_phone: form.owner_phone.replace(/\D/g, ''),
        owner_country: 'BR',
        owner_name: form.owner_name.trim(),
        password: form.password,
      });
      setIssues([]);
      setState({ kind: 'created', reply: created });
    } catch (caught) {
      if (caught instanceof StaffApiError && caught.status < 500 && caught.status !== 429) {
        const body = caught.body as { field?: string; issues?: { field: string; detail: string }[] };
        const code = OWN_WORDS.find((candidate) => candidate === caught.code);
        const detail = code && language !== 'pt_br' ? t(code) : caught.detail;
        const field = body.field ?? body.issues?.[0]?.field;
        if (field) {
          setIssues([{ field, code: '', detail }]);
          setState({ kind: 'failed', detail: t('refused') });
          return;
        }
        setIssues([]);
        setState({ kind: 'failed', detail: t('failed', { detail }) });
        return;
      }
      setState({
        kind: 'failed',
        detail: t('failed', { detail: caught instanceof StaffApiError ? caught.detail : String(caught) }),
      });
    }
  };

  const address =
    form.slug && !slugProblem ? storeAddress(form.slug, window.location, reply.document.slug) : null;
  return (
    <form className="editor-section new-store" onSubmit={submit} noValidate aria-labelledby="new-store-title">
      <h2 id="new-store-title">{t('title')}</h2>
      <p className="staff-muted">{t('intro')}</p>
      {state.kind === 'failed' ? (
        <p className="staff-error editor-issues" role="alert">
          {state.detail}
        </p>
      ) : null}
      <IssuesContext.Provider value={shown}>
        <fieldset className="editor-fields" disabled={state.kind === 'sending'}>
          <TextField
            label={t('slug')}
            hint={t('slugHint')}
            path="slug"
            value={form.slug}
            maxLength={63}
            autoComplete="off"
            onChange={(value) => set('slug')(slugAsTyped(value))}
            required
          />
          {address ? (
            <p className="new-store-address" aria-live="polite">
              {t('slugAddress')} <strong>{address}</strong>
            </p>
          ) : null}
          <TextField
            label={t('nome')}
            hint={t('nomeHint')}
            path="nome"
            value={form.nome}
            maxLength={120}
            onChange={set('nome')}
            required
          />
          <TemplateChoice value={form.template} onChange={(value) => set('template')(value)} t={t} />
          <fieldset className="editor-group">
            <legend>{t('owner')}</legend>
            <p className="editor-hint">{t('ownerHint')}</p>
            <TextField
              label={t('ownerPhone')}
              hint={t('ownerPhoneHint')}
              path="owner_phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={form.owner_phone}
              maxLength={20}
              onChange={set('owner_phone')}
              required
            />
            <TextField
              label={t('ownerName')}
              path="owner_name"
              value={form.owner_name}
              maxLength={80}
              onChange={set('owner_name')}
              required
            />
            <TextField
              label={t('password')}
              hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
              path="password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              maxLength={128}
              onChange={set('password')}
              required
            />
          </fieldset>
        </fieldset>
      </IssuesContext.Provider>
      <div className="editor-savebar">
        <button
          type="submit"
          className="button button-primary"
          disabled={state.kind === 'sending'}
          aria-busy={state.kind === 'sending'}
        >
          {state.kind === 'sending' ? t('creating') : t('create')}
        </button>
      </div>
    </form>
  );
}

function TemplateChoice({
  value,
  onChange,
  t,
}: {
  value: StoreTemplate;
  onChange: (value: StoreTemplate) => void;
  t: NewStoreT;
}) {
  const id = useId();
  return (
    <fieldset className="editor-group new-store-templates">
      <legend>{t('template')}</legend>
      {(['blank', 'pizzaria'] as const).map((template) => (
        <div key={template} className="new-store-template">
          <input
            id={`${id}-${template}`}
            type="radio"
            name={`${id}-template`}
            value={template}
            checked={value === template}
            aria-describedby={`${id}-${template}-hint`}
            onChange={() => onChange(template)}
          />
          <label htmlFor={`${id}-${template}`}>{t(template)}</label>
          <p id={`${id}-${template}-hint`} className="editor-hint">
            {t(`${template}Hint`)}
          </p>
        </div>
      ))}
    </fieldset>
  );
}

function Created({
  reply,
  name,
  phone,
  t,
  onAnother,
}: {
  reply: StoreCreateReply;
  name: string;
  phone: string;
  t: NewStoreT;
  onAnother: () => void;
}) {
  const staff = `${reply.url}/staff`;
  return (
    <section className="editor-section new-store" aria-labelledby="new-store-created">
      <h2 id="new-store-created">{t('createdTitle')}</h2>
      <div className="editor-fields new-store-created" role="status">
        <p>{t('createdAt', { name })}</p>
        <p>
          <a className="new-store-link" href={reply.url} target="_blank" rel="noreferrer">
            {reply.url}
          </a>
        </p>
        <p>{t('staffLink')}</p>
        <p>
          <a className="new-store-link" href={staff} target="_blank" rel="noreferrer">
            {staff}
          </a>
        </p>
        <p className="staff-muted">{t('createdClosed', { phone: phoneText(phone.replace(/\D/g, '')) })}</p>
      </div>
      <button type="button" className="button button-secondary" onClick={onAnother}>
        {t('another')}
      </button>
    </section>
  );
}
