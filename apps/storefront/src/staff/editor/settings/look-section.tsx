import type { DocumentLook } from '@comanda/contract';
import { PRIMARY_MIN_CONTRAST } from '@comanda/domain';
import { useEffect, useId, useState } from 'react';
import { featureTranslator } from '../../../lib/i18n.ts';
import { useEditor } from '../editor-context.tsx';
import { SelectField, TextField, Toggle, useIssue } from '../fields.tsx';
import { SectionForm, useSectionForm } from '../section-form.tsx';
import type { SectionProps } from '../section-props.ts';
import { contrastAdvice, normaliseHex, ratioText } from './look-model.ts';
import { LookPreviewFrame } from './look-preview-frame.tsx';
import { PictureField } from './picture-field.tsx';
import './settings.css';

const useLookT = featureTranslator({
  pt_br: {
    title: 'Visual',
    intro:
      'Cores, fonte, logo e fundo da loja. Veja abaixo como fica a página inicial do cardápio antes de salvar.',
    colours: 'Cores',
    primary: 'Cor principal',
    primaryHint: 'Botões, destaques e a barra do topo.',
    secondary: 'Cor secundária',
    secondaryHint: 'Detalhes e o fundo do topo quando não há imagem.',
    picker: 'escolher no seletor',
    hexHint: 'No formato #rrggbb, como #c0392b.',
    notAColour: 'Use uma cor no formato #rrggbb, como #c0392b.',
    contrastOkWhite: 'Contraste {ratio}:1 com texto branco: legível (o mínimo é {min}:1).',
    contrastOkDark: 'Contraste {ratio}:1 com o fundo escuro: legível (o mínimo é {min}:1).',
    contrastLowWhite:
      'Contraste {ratio}:1 com texto branco, abaixo do mínimo de {min}:1 (WCAG AA): a loja não vai aceitar salvar. Escolha uma cor mais escura.',
    contrastLowDark:
      'Contraste {ratio}:1 com o fundo escuro, abaixo do mínimo de {min}:1 (WCAG AA): a loja não vai aceitar salvar. Escolha uma cor mais clara.',
    useSuggestion: 'Usar {colour}',
    theme: 'Tema inicial',
    themeHint:
      'O que o cliente vê até escolher o seu. Num tema escuro, a cor principal é medida contra o fundo escuro.',
    light: 'Claro',
    dark: 'Escuro',
    font: 'Fonte',
    fontSystem: 'Fonte do celular (sistema)',
    fontUnavailable: '{family} (indisponível)',
    pictures: 'Logo e fundo',
    logo: 'Logo',
    logoHint: 'Quadrada, de preferência; vira também o ícone do app.',
    showLogo: 'Mostrar a logo sobre o fundo',
    showLogoHint: 'No topo da página inicial do cardápio.',
    background: 'Imagem de fundo',
    backgroundHint: 'Cortada em 5 × 2 para o topo do cardápio.',
    video: 'Vídeo de fundo (opcional)',
    videoHint:
      'Endereço https:// de um vídeo mp4 curto: toca em laço e sem som no lugar da imagem, que aparece enquanto ele carrega.',
    previewTitle: 'Prévia',
    previewFrame: 'Prévia da página inicial do cardápio com este visual',
    previewHint:
      'A página inicial do cardápio com as mudanças ainda não salvas. Só para ver: toques não funcionam aqui.',
    previewTheme: 'Tema da prévia',
  },
  en: {
    title: 'Look',
    intro: "The store's colours, font, logo and background. See below how the menu home looks before saving.",
    colours: 'Colours',
    primary: 'Primary colour',
    primaryHint: 'Buttons, highlights and the top bar.',
    secondary: 'Secondary colour',
    secondaryHint: 'Details, and the header background when there is no picture.',
    picker: 'pick in the colour picker',
    hexHint: 'As #rrggbb, like #c0392b.',
    notAColour: 'Use a colour as #rrggbb, like #c0392b.',
    contrastOkWhite: 'Contrast {ratio}:1 with white text: readable (the minimum is {min}:1).',
    contrastOkDark: 'Contrast {ratio}:1 with the dark background: readable (the minimum is {min}:1).',
    contrastLowWhite:
      'Contrast {ratio}:1 with white text, below the minimum of {min}:1 (WCAG AA): the store will not save it. Pick a darker colour.',
    contrastLowDark:
      'Contrast {ratio}:1 with the dark background, below the minimum of {min}:1 (WCAG AA): the store will not save it. Pick a lighter colour.',
    useSuggestion: 'Use {colour}',
    theme: 'Starting theme',
    themeHint:
      'What customers see until they pick their own. In a dark theme, the primary colour is measured against the dark background.',
    light: 'Light',
    dark: 'Dark',
    font: 'Font',
    fontSystem: "The phone's font (system)",
    fontUnavailable: '{family} (unavailable)',
    pictures: 'Logo and background',
    logo: 'Logo',
    logoHint: 'Square, preferably; it also becomes the app icon.',
    showLogo: 'Show the logo over the background',
    showLogoHint: 'At the top of the menu home.',
    background: 'Background picture',
    backgroundHint: 'Cut to 5 × 2 for the top of the menu.',
    video: 'Background video (optional)',
    videoHint:
      'An https:// address of a short mp4 video: it loops without sound instead of the picture, which shows while it loads.',
    previewTitle: 'Preview',
    previewFrame: 'Preview of the menu home with this look',
    previewHint: 'The menu home with the unsaved changes. To look at only: taps do nothing here.',
    previewTheme: 'Preview theme',
  },
});

type LookT = ReturnType<typeof useLookT>;

/** The store's look (section `look`): colours checked for contrast as they are typed, font, theme, pictures, a live preview. */
export default function LookSection({ onDirty }: SectionProps) {
  const t = useLookT();
  const { reply } = useEditor();
  const { draft, update, form } = useSectionForm('look', onDirty);
  const look = draft.look;
  const set = (patch: Partial<DocumentLook>) =>
    update((document) => ({ ...document, look: { ...document.look, ...patch } }));
  const fonts = reply.fonts.some((font) => font.family === look.font_family)
    ? reply.fonts
    : [...reply.fonts, { family: look.font_family, url: look.font_url }];
  const known = (family: string) => reply.fonts.some((font) => font.family === family);
  return (
    <SectionForm {...form} title={t('title')} intro={t('intro')}>
      <fieldset className="editor-group">
        <legend>{t('colours')}</legend>
        <ColourField
          label={t('primary')}
          hint={t('primaryHint')}
          path="look.primary_color"
          value={look.primary_color}
          onChange={(primary_color) => set({ primary_color })}
          t={t}
        >
          <ContrastNote look={look} onUse={(primary_color) => set({ primary_color })} t={t} />
        </ColourField>
        <ColourField
          label={t('secondary')}
          hint={t('secondaryHint')}
          path="look.secondary_color"
          value={look.secondary_color}
          onChange={(secondary_color) => set({ secondary_color })}
          t={t}
        />
      </fieldset>
      <SelectField
        label={t('theme')}
        hint={t('themeHint')}
        path="look.default_style_mode"
        value={look.default_style_mode}
        options={[
          { value: 'light', label: t('light') },
          { value: 'dark', label: t('dark') },
        ]}
        onChange={(default_style_mode) => set({ default_style_mode })}
      />
      <SelectField
        label={t('font')}
        path="look.font_family"
        value={look.font_family}
        options={fonts.map((font) => ({
          value: font.family,
          label: !known(font.family)
            ? t('fontUnavailable', { family: font.family })
            : font.url === null
              ? t('fontSystem')
              : font.family,
        }))}
        // The family and its own file go together (the store document refuses any other file).
        onChange={(family) =>
          set({
            font_family: family,
            font_url: reply.fonts.find((font) => font.family === family)?.url ?? null,
          })
        }
      />
      <fieldset className="editor-group">
        <legend>{t('pictures')}</legend>
        <PictureField
          label={t('logo')}
          hint={t('logoHint')}
          path="look.logo"
          kind="logo"
          value={look.logo}
          round
          onUploaded={(picture) =>
            set({
              logo: picture.url,
              icon_192: picture.icons?.icon_192 ?? look.icon_192,
              icon_512: picture.icons?.icon_512 ?? look.icon_512,
            })
          }
          onRemove={() => set({ logo: null })}
        />
        <Toggle
          label={t('showLogo')}
          hint={t('showLogoHint')}
          path="look.mostrar_logo_banner"
          checked={look.mostrar_logo_banner}
          onChange={(mostrar_logo_banner) => set({ mostrar_logo_banner })}
        />
        <PictureField
          label={t('background')}
          hint={t('backgroundHint')}
          path="look.bg_image"
          kind="banner"
          value={look.bg_image}
          onUploaded={(picture) => set({ bg_image: picture.url })}
          onRemove={() => set({ bg_image: null })}
        />
        <TextField
          label={t('video')}
          hint={t('videoHint')}
          path="look.bg_video"
          type="url"
          inputMode="url"
          maxLength={500}
          value={look.bg_video ?? ''}
          onChange={(value) => set({ bg_video: value.trim() === '' ? null : value.trim() })}
        />
      </fieldset>
      <LookPreviewFrame
        look={look}
        words={{
          title: t('previewTitle'),
          frameTitle: t('previewFrame'),
          hint: t('previewHint'),
          light: t('light'),
          dark: t('dark'),
          themeLabel: t('previewTheme'),
        }}
      />
    </SectionForm>
  );
}

/** A colour: the browser's picker and the hex code beside it, either one changing both. */
function ColourField({
  label,
  hint,
  path,
  value,
  onChange,
  t,
  children,
}: {
  label: string;
  hint: string;
  path: string;
  value: string;
  onChange: (hex: string) => void;
  t: LookT;
  children?: React.ReactNode;
}) {
  const id = useId();
  const issue = useIssue(path);
  const [text, setText] = useState(value);
  useEffect(() => {
    setText((shown) => (normaliseHex(shown) === value.toLowerCase() ? shown : value));
  }, [value]);
  const typedBad = normaliseHex(text) === null;
  const described = [
    `${id}-hint`,
    children ? `${id}-contrast` : null,
    issue || typedBad ? `${id}-issue` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="editor-field" data-invalid={issue || typedBad ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      <span className="look-colour">
        <input
          type="color"
          value={normaliseHex(value) ?? '#000000'}
          aria-label={`${label}: ${t('picker')}`}
          onChange={(event) => onChange(event.target.value)}
        />
        <input
          id={id}
          type="text"
          value={text}
          maxLength={7}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={described}
          aria-invalid={issue || typedBad ? true : undefined}
          onChange={(event) => {
            setText(event.target.value);
            const hex = normaliseHex(event.target.value);
            if (hex) onChange(hex);
          }}
        />
      </span>
      <p id={`${id}-hint`} className="editor-hint">
        {hint} {t('hexHint')}
      </p>
      {children ? <div id={`${id}-contrast`}>{children}</div> : null}
      {issue || typedBad ? (
        <p id={`${id}-issue`} className="editor-issue">
          {issue ?? t('notAColour')}
        </p>
      ) : null}
    </div>
  );
}

/** The contrast rule, said as the colour changes, with a near colour that passes. */
function ContrastNote({ look, onUse, t }: { look: DocumentLook; onUse: (hex: string) => void; t: LookT }) {
  const advice = contrastAdvice(look.primary_color, look.default_style_mode);
  if (!advice) return null;
  const words = { ratio: ratioText(advice.ratio), min: ratioText(PRIMARY_MIN_CONTRAST) };
  if (advice.ok)
    return (
      <p className="look-contrast look-contrast-ok" role="status">
        {t(advice.against === 'white' ? 'contrastOkWhite' : 'contrastOkDark', words)}
      </p>
    );
  return (
    <div className="look-contrast look-contrast-low" role="status">
      <p>{t(advice.against === 'white' ? 'contrastLowWhite' : 'contrastLowDark', words)}</p>
      {advice.suggestion ? (
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => onUse(advice.suggestion!)}
        >
          <span className="look-swatch" style={{ background: advice.suggestion }} aria-hidden="true" />
          {t('useSuggestion', { colour: advice.suggestion })}
        </button>
      ) : null}
    </div>
  );
}
