import type { DocumentLook } from '@comanda/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../../lib/preferences.ts';
import { setStaffToken } from '../../lib/staff-api.ts';
import { stubStaffApi } from '../../lib/test-kit.ts';
import { documentOf, editorReplyOf, refusal, renderScreen } from '../editor-test-kit.tsx';
import LookSection from './look-section.tsx';

const PUT = 'PUT /staff/editor/sections/look';
const PICTURE_LOGO = 'POST /staff/editor/pictures?kind=logo';

beforeEach(() => {
  languageStore.set('pt_br');
  setStaffToken('staff-token');
});
afterEach(() => {
  setStaffToken(null);
  vi.unstubAllGlobals();
});

const primary = () => screen.getByRole('textbox', { name: 'Cor principal' });
const putBody = (api: ReturnType<typeof stubStaffApi>) =>
  (api.callsTo('PUT', '/staff/editor/sections/look')[0]!.body as { look: DocumentLook }).look;

describe('the look screen', () => {
  it('says whether the primary colour is readable as it is typed, and offers a near colour that is', async () => {
    stubStaffApi({});
    const user = userEvent.setup();
    renderScreen(LookSection);
    expect(
      screen.getByText('Contraste 6,53:1 com texto branco: legível (o mínimo é 4,5:1).'),
    ).toBeInTheDocument();

    await user.clear(primary());
    await user.type(primary(), '#f5e663');
    expect(
      screen.getByText(
        /^Contraste 1,28:1 com texto branco, abaixo do mínimo de 4,5:1 \(WCAG AA\): a loja não vai aceitar salvar/,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Usar #/ }));
    expect((primary() as HTMLInputElement).value).toMatch(/^#[0-9a-f]{6}$/);
    expect(screen.getByText(/com texto branco: legível/)).toBeInTheDocument();
  });

  it("measures a dark store's primary colour against the dark background", async () => {
    stubStaffApi({});
    const user = userEvent.setup();
    renderScreen(LookSection);
    await user.clear(primary());
    await user.type(primary(), '#ff5c8a');
    expect(screen.getByText(/com texto branco, abaixo do mínimo/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Tema inicial'), 'dark');
    expect(screen.getByText(/com o fundo escuro: legível/)).toBeInTheDocument();
  });

  it('a refused save says the contrast problem beside the colour, and the store keeps its look', async () => {
    const detail =
      'A cor principal #f5e663 tem contraste de 1,28:1 com texto branco; o mínimo é 4,5:1 (WCAG AA). Escolha uma cor mais escura.';
    const api = stubStaffApi({
      [PUT]: refusal([{ field: 'look.primary_color', code: 'PRIMARY_COLOUR_CONTRAST', detail }]),
    });
    const user = userEvent.setup();
    renderScreen(LookSection);
    await user.clear(primary());
    await user.type(primary(), '#f5e663');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Não salvo: 1 problema para corrigir.');
    expect(primary()).toHaveAttribute('aria-invalid', 'true');
    expect(primary()).toHaveAccessibleDescription(new RegExp(detail.replace(/[()]/g, '\\$&')));
    expect(putBody(api).primary_color).toBe('#f5e663');
    expect(screen.getByText('Alterações não salvas.')).toBeInTheDocument();
  });

  it('uploads a logo: its address and the app icons drawn from it are saved with the section', async () => {
    const api = stubStaffApi({
      [PICTURE_LOGO]: {
        status: 201,
        body: {
          kind: 'logo',
          url: '/media/stores/pizzaria/logo/abc-256w.webp',
          srcset: null,
          thumbnail: null,
          icons: {
            icon_192: '/media/stores/pizzaria/logo/abc-192w.png',
            icon_512: '/media/stores/pizzaria/logo/abc-512w.png',
          },
        },
      },
    });
    api.on(PUT, (call) => ({ body: { menu_version: 8, changed: true, section: call.body } }));
    const user = userEvent.setup();
    renderScreen(LookSection);
    const logo = screen.getByRole('group', { name: 'Logo e fundo' });
    await user.upload(
      within(logo).getByLabelText(/^Logo/),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Foto enviada. Salve para os clientes verem.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT', '/staff/editor/sections/look')).toHaveLength(1));
    expect(putBody(api)).toMatchObject({
      logo: '/media/stores/pizzaria/logo/abc-256w.webp',
      icon_192: '/media/stores/pizzaria/logo/abc-192w.png',
      icon_512: '/media/stores/pizzaria/logo/abc-512w.png',
    });
  });

  it('refuses a file that is not a picture, or that the server will not take, beside its field, changing nothing', async () => {
    const api = stubStaffApi({
      'POST /staff/editor/pictures?kind=banner': {
        status: 415,
        body: {
          code: 'PICTURE_NOT_AN_IMAGE',
          detail: 'O arquivo não é uma foto. Envie uma foto JPEG, PNG, WebP ou AVIF.',
        },
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(LookSection);
    const background = screen.getByLabelText(/^Imagem de fundo/);
    await user.upload(background, new File(['%PDF-1.7'], 'cardapio.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('O arquivo não é uma foto. Envie uma foto JPEG, PNG, WebP ou AVIF.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/staff/editor/pictures?kind=banner')).toHaveLength(0);

    // A file the phone does not type goes to the server, which reads its content and refuses it.
    await user.upload(background, new File(['not a picture'], 'foto', { type: '' }));
    await waitFor(() => expect(api.callsTo('POST', '/staff/editor/pictures?kind=banner')).toHaveLength(1));
    expect(background).toHaveAttribute('aria-invalid', 'true');
    expect(background).toHaveAccessibleDescription(
      'O arquivo não é uma foto. Envie uma foto JPEG, PNG, WebP ou AVIF.',
    );
    expect(screen.queryByText('Alterações não salvas.')).toBeNull();

    const big = new File([new Uint8Array(8 * 1024 * 1024 + 1)], 'enorme.jpg', { type: 'image/jpeg' });
    await user.upload(background, big);
    expect(await screen.findByText('A foto passa de 8 MB. Envie uma foto menor.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/staff/editor/pictures?kind=banner')).toHaveLength(1);
  });

  it('keeps a font and its own file together', async () => {
    const api = stubStaffApi({});
    api.on(PUT, (call) => ({ body: { menu_version: 8, changed: true, section: call.body } }));
    const user = userEvent.setup();
    renderScreen(LookSection);
    await user.selectOptions(screen.getByLabelText('Fonte'), 'Lora');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT', '/staff/editor/sections/look')).toHaveLength(1));
    expect(putBody(api)).toMatchObject({
      font_family: 'Lora',
      font_url: '/media/fonts/lora-latin-400-normal.woff2',
    });
  });

  it('names a font the store can no longer load, so the refusal has somewhere to point', () => {
    stubStaffApi({});
    renderScreen(LookSection, {
      reply: editorReplyOf(
        documentOf({ look: { ...documentOf().look, font_family: 'Comic Sans', font_url: null } }),
      ),
    });
    expect(screen.getByLabelText('Fonte')).toHaveDisplayValue('Comic Sans (indisponível)');
  });

  it('an attendant sees the look and its preview, and cannot change it', () => {
    stubStaffApi({});
    renderScreen(LookSection, { canEdit: false });
    expect(primary()).toBeDisabled();
    expect(screen.getByLabelText(/^Logo/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(screen.getByTitle('Prévia da página inicial do cardápio com este visual')).toHaveAttribute(
      'src',
      '/?preview=look',
    );
  });
});
