import type { DocumentSettings } from '@comanda/contract';
import { featureTranslator } from '../../../lib/i18n.ts';
import { useSectionDraft } from '../editor-context.tsx';
import { TextField } from '../fields.tsx';
import { SectionForm } from '../section-form.tsx';
import type { SectionProps } from '../section-props.ts';

const useContactT = featureTranslator({
  pt_br: {
    title: 'Contato e redes',
    intro: 'O que os clientes veem na aba "Sobre" das informações da loja.',
    nome: 'Nome da loja',
    apresentacao: 'Apresentação',
    apresentacaoHint: 'Um parágrafo sobre a loja.',
    endereco: 'Endereço',
    contato: 'Telefone',
    email: 'E-mail',
    whatsapp: 'WhatsApp',
    whatsappHint: 'Com DDD, só números. Os clientes mandam o comprovante do PIX por aqui.',
    instagram: 'Instagram',
    facebook: 'Facebook',
    site: 'Site',
    socialHint: 'Como @sualoja ou https://instagram.com/sualoja',
  },
  en: {
    title: 'Contact and social',
    intro: 'What customers see in the "About" tab of the store information.',
    nome: 'Store name',
    apresentacao: 'About',
    apresentacaoHint: 'A paragraph about the store.',
    endereco: 'Address',
    contato: 'Phone',
    email: 'E-mail',
    whatsapp: 'WhatsApp',
    whatsappHint: 'With area code, digits only. Customers send PIX receipts here.',
    instagram: 'Instagram',
    facebook: 'Facebook',
    site: 'Website',
    socialHint: 'Like @yourstore or https://instagram.com/yourstore',
  },
});

type ContactKey =
  | 'nome'
  | 'apresentacao'
  | 'endereco'
  | 'contato'
  | 'email_contato'
  | 'whatsapp'
  | 'instagram'
  | 'facebook'
  | 'site';

/** The store's name, about text, address, phones and social links (section `contact`). */
export default function ContactSection({ onDirty }: SectionProps) {
  const t = useContactT();
  const { draft, update, discard, adopt, dirty } = useSectionDraft('contact');
  const settings = draft.settings;
  const set = (key: ContactKey) => (value: string) =>
    update((document) => ({
      ...document,
      settings: { ...document.settings, [key]: value } as DocumentSettings,
    }));
  return (
    <SectionForm
      section="contact"
      title={t('title')}
      intro={t('intro')}
      draft={draft}
      dirty={dirty}
      onDiscard={discard}
      onSaved={adopt}
      onDirty={onDirty}
    >
      <TextField
        label={t('nome')}
        path="settings.nome"
        value={settings.nome}
        onChange={set('nome')}
        maxLength={120}
      />
      <TextField
        label={t('apresentacao')}
        hint={t('apresentacaoHint')}
        path="settings.apresentacao"
        value={settings.apresentacao}
        onChange={set('apresentacao')}
        multiline
        maxLength={2000}
      />
      <TextField
        label={t('endereco')}
        path="settings.endereco"
        value={settings.endereco}
        onChange={set('endereco')}
        maxLength={300}
      />
      <TextField
        label={t('contato')}
        path="settings.contato"
        value={settings.contato}
        onChange={set('contato')}
        type="tel"
        inputMode="tel"
        maxLength={40}
      />
      <TextField
        label={t('whatsapp')}
        hint={t('whatsappHint')}
        path="settings.whatsapp"
        value={settings.whatsapp}
        onChange={set('whatsapp')}
        type="tel"
        inputMode="tel"
        maxLength={40}
      />
      <TextField
        label={t('email')}
        path="settings.email_contato"
        value={settings.email_contato}
        onChange={set('email_contato')}
        type="email"
        inputMode="email"
        maxLength={200}
      />
      <TextField
        label={t('instagram')}
        hint={t('socialHint')}
        path="settings.instagram"
        value={settings.instagram}
        onChange={set('instagram')}
        type="url"
        inputMode="url"
        maxLength={200}
      />
      <TextField
        label={t('facebook')}
        path="settings.facebook"
        value={settings.facebook}
        onChange={set('facebook')}
        type="url"
        inputMode="url"
        maxLength={200}
      />
      <TextField
        label={t('site')}
        path="settings.site"
        value={settings.site}
        onChange={set('site')}
        type="url"
        inputMode="url"
        maxLength={200}
      />
    </SectionForm>
  );
}
