import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { translatorFor } from '../../../lib/i18n.ts';
import { product } from '../../../test/fixtures.ts';
import { ProductRow } from './product-row.tsx';

describe('ProductRow', () => {
  it('reserves the image size (no layout shift) and prefers the thumbnail', () => {
    const item = product({
      id: 1,
      categoria_id: 1,
      descricao: 'Temaki',
      url_imagem: '/media/big.webp',
      url_miniatura: '/media/thumb.webp',
    });
    const { container } = render(
      <ul>
        <ProductRow
          product={item}
          price={{ kind: 'fixed', amount: 3290 }}
          onSelect={vi.fn()}
          t={translatorFor('pt_br')}
        />
      </ul>,
    );
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/media/thumb.webp');
    expect(image).toHaveAttribute('width', '88');
    expect(image).toHaveAttribute('height', '88');
    expect(screen.getByRole('button', { name: /Temaki/ })).toHaveTextContent('R$ 32,90');
  });

  it('offers the thumbnail at every width the server has, for an 88 px slot', () => {
    const srcset = '/media/t-88w.webp 88w, /media/t-176w.webp 176w';
    const item = product({
      id: 1,
      categoria_id: 1,
      url_imagem: '/media/big-800w.webp',
      url_miniatura: '/media/t-176w.webp',
      srcset_imagem: '/media/big-480w.webp 480w, /media/big-800w.webp 800w',
      srcset_miniatura: srcset,
    });
    const { container } = render(
      <ul>
        <ProductRow
          product={item}
          price={{ kind: 'fixed', amount: 100 }}
          onSelect={vi.fn()}
          t={translatorFor('pt_br')}
        />
      </ul>,
    );
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('srcset', srcset);
    expect(image).toHaveAttribute('sizes', '88px');
  });

  it('writes the price texts in English', () => {
    const t = translatorFor('en');
    render(
      <ul>
        <ProductRow
          product={product({ id: 1, categoria_id: 1 })}
          price={{ kind: 'from', amount: 123456 }}
          onSelect={vi.fn()}
          t={t}
        />
        <ProductRow
          product={product({ id: 2, categoria_id: 1 })}
          price={{ kind: 'variable' }}
          onSelect={vi.fn()}
          t={t}
        />
      </ul>,
    );
    expect(screen.getByRole('button', { name: /Produto 1/ })).toHaveTextContent('from R$ 1.234,56');
    expect(screen.getByRole('button', { name: /Produto 2/ })).toHaveTextContent('Variable price');
  });
});
