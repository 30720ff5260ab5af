/**
 * The demo stores' product pictures as SVG illustrations: a dish on a table seen from above (pizzas,
 * bowls, plates, sushi boards) or from the side (burgers, drinks), with soft shadows and highlights so
 * that a menu reads like a real store's. Drawn on a 400x300 stage; a square crop serves the thumbnails.
 */

export type Table = 'wood' | 'slate';

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** A small deterministic random source, so a picture never changes between builds. */
function randomFrom(seed: number) {
  let state = seed || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

const DEFS = `<defs>
<filter id="blur" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="7"/></filter>
<filter id="soft" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="1.2"/></filter>
<radialGradient id="plate" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#ffffff"/><stop offset="0.8" stop-color="#f1efea"/><stop offset="1" stop-color="#d9d5cc"/></radialGradient>
<radialGradient id="crust" cx="45%" cy="40%" r="60%"><stop offset="0.75" stop-color="#e0a45a"/><stop offset="1" stop-color="#a9621f"/></radialGradient>
<radialGradient id="cheese" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#ffe58f"/><stop offset="0.7" stop-color="#f7c548"/><stop offset="1" stop-color="#e3a032"/></radialGradient>
<radialGradient id="choc" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#7a4a2a"/><stop offset="1" stop-color="#3e2212"/></radialGradient>
<linearGradient id="bun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f0b35e"/><stop offset="1" stop-color="#b86b22"/></linearGradient>
<linearGradient id="patty" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7a4326"/><stop offset="1" stop-color="#3f1f10"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.5"/><stop offset="0.3" stop-color="#ffffff" stop-opacity="0.05"/><stop offset="0.8" stop-color="#ffffff" stop-opacity="0.15"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.45"/></linearGradient>
<linearGradient id="wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b9875a"/><stop offset="1" stop-color="#8a5a34"/></linearGradient>
<linearGradient id="slate" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a3d44"/><stop offset="1" stop-color="#1f2126"/></linearGradient>
<radialGradient id="acai" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#6b2a72"/><stop offset="1" stop-color="#36103d"/></radialGradient>
<radialGradient id="broth" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#e8b25f"/><stop offset="1" stop-color="#b36f25"/></radialGradient>
<radialGradient id="light" cx="30%" cy="20%" r="80%"><stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="1" stop-color="#000000" stop-opacity="0.18"/></radialGradient>
</defs>`;

function table(kind: Table): string {
  const planks = Array.from({ length: 6 }, (_, i) => {
    const y = i * 52 + 20;
    return kind === 'wood'
      ? `<path d="M0 ${y} C100 ${y - 6} 300 ${y + 6} 400 ${y}" stroke="#6e4424" stroke-opacity="0.35" stroke-width="2" fill="none"/><path d="M0 ${y + 22} C120 ${y + 18} 260 ${y + 28} 400 ${y + 20}" stroke="#e2b98a" stroke-opacity="0.25" stroke-width="1.5" fill="none"/>`
      : `<path d="M0 ${y + 10} C140 ${y + 4} 260 ${y + 16} 400 ${y + 8}" stroke="#ffffff" stroke-opacity="0.04" stroke-width="6" fill="none"/>`;
  }).join('');
  return `<rect width="400" height="300" fill="url(#${kind})"/>${planks}`;
}

const shadow = (cx: number, cy: number, rx: number, ry: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#000" opacity="0.35" filter="url(#blur)"/>`;

function scatter(
  random: () => number,
  count: number,
  radius: number,
  draw: (x: number, y: number, angle: number) => string,
): string {
  return Array.from({ length: count }, () => {
    const a = random() * Math.PI * 2;
    const d = Math.sqrt(random()) * radius;
    return draw(200 + Math.cos(a) * d, 150 + Math.sin(a) * d, random() * 360);
  }).join('');
}

const basil = (x: number, y: number, angle: number) =>
  `<path d="M${x - 9} ${y} Q${x} ${y - 8} ${x + 9} ${y} Q${x} ${y + 8} ${x - 9} ${y}Z" fill="#2f7d32" transform="rotate(${angle} ${x} ${y})"/><path d="M${x - 7} ${y} L${x + 7} ${y}" stroke="#7fbf6a" stroke-width="0.8" transform="rotate(${angle} ${x} ${y})"/>`;

function pizza(ref: string, random: () => number): string {
  const sweet = /(chocolate|romeu|banana)/.test(ref);
  const base = sweet
    ? ref.includes('chocolate')
      ? 'url(#choc)'
      : ref.includes('romeu')
        ? '#fbf3df'
        : 'url(#cheese)'
    : 'url(#cheese)';
  const sauce = sweet ? '' : '<circle cx="200" cy="150" r="111" fill="#c0392b"/>';
  const cheeseBlobs = sweet
    ? ''
    : scatter(
        random,
        14,
        90,
        (x, y) => `<circle cx="${x}" cy="${y}" r="${8 + random() * 10}" fill="#fff3c4" opacity="0.55"/>`,
      );
  let toppings = '';
  if (/(calabresa|baiana)/.test(ref) || ref.includes('combo'))
    toppings += scatter(
      random,
      11,
      85,
      (x, y) =>
        `<circle cx="${x}" cy="${y}" r="13" fill="#a8322a"/><circle cx="${x}" cy="${y}" r="10" fill="#c4483b"/>${[0, 1, 2].map((i) => `<circle cx="${x - 4 + i * 4}" cy="${y - 3 + (i % 2) * 5}" r="1.6" fill="#f3d6b5"/>`).join('')}`,
    );
  if (/(pepperoni)/.test(ref))
    toppings += scatter(
      random,
      16,
      92,
      (x, y) =>
        `<circle cx="${x}" cy="${y}" r="11" fill="#b5261e"/><circle cx="${x - 3}" cy="${y - 3}" r="3" fill="#e2574c" opacity="0.7"/>`,
    );
  if (/(calabresa|portuguesa|vegetariana|baiana)/.test(ref))
    toppings += scatter(
      random,
      10,
      90,
      (x, y, a) =>
        `<path d="M${x - 10} ${y} A10 10 0 0 1 ${x + 10} ${y}" stroke="#f1e4f3" stroke-width="3" fill="none" transform="rotate(${a} ${x} ${y})"/>`,
    );
  if (/(portuguesa)/.test(ref))
    toppings +=
      scatter(
        random,
        8,
        85,
        (x, y, a) =>
          `<rect x="${x - 9}" y="${y - 6}" width="18" height="12" rx="2" fill="#f2a0a0" transform="rotate(${a} ${x} ${y})"/>`,
      ) +
      scatter(
        random,
        5,
        70,
        (x, y) =>
          `<circle cx="${x}" cy="${y}" r="12" fill="#fffdf5"/><circle cx="${x}" cy="${y}" r="6" fill="#f6b21b"/>`,
      );
  if (/(margherita|mussarela|napolitana)/.test(ref))
    toppings += scatter(
      random,
      7,
      80,
      (x, y) =>
        `<circle cx="${x}" cy="${y}" r="14" fill="#d8412f"/><circle cx="${x}" cy="${y}" r="9" fill="#e9665a"/><circle cx="${x}" cy="${y}" r="2.5" fill="#f7d9a8"/>`,
    );
  if (/(margherita|napolitana|vegetariana)/.test(ref)) toppings += scatter(random, 8, 85, basil);
  if (/(frango|catupiry)/.test(ref))
    toppings +=
      scatter(
        random,
        22,
        90,
        (x, y, a) =>
          `<rect x="${x - 6}" y="${y - 3}" width="12" height="6" rx="3" fill="#e9c79a" transform="rotate(${a} ${x} ${y})"/>`,
      ) +
      scatter(random, 6, 70, (x, y) => `<circle cx="${x}" cy="${y}" r="12" fill="#fffaf0" opacity="0.95"/>`);
  if (/(quatro-queijos|meio-a-meio|dois-sabores)/.test(ref))
    toppings +=
      scatter(
        random,
        9,
        85,
        (x, y) =>
          `<circle cx="${x}" cy="${y}" r="${10 + random() * 6}" fill="${random() > 0.5 ? '#fffaf0' : '#f0d27a'}"/>`,
      ) +
      scatter(random, 10, 85, (x, y) => `<circle cx="${x}" cy="${y}" r="3" fill="#4e8fbf" opacity="0.6"/>`);
  if (/(vegetariana|baiana)/.test(ref))
    toppings += scatter(
      random,
      9,
      88,
      (x, y, a) =>
        `<path d="M${x - 9} ${y} Q${x} ${y - 10} ${x + 9} ${y}" stroke="${ref.includes('baiana') ? '#e53b1f' : '#3f9b3a'}" stroke-width="5" fill="none" stroke-linecap="round" transform="rotate(${a} ${x} ${y})"/>`,
    );
  if (/(vegetariana|portuguesa|napolitana)/.test(ref))
    toppings += scatter(
      random,
      8,
      90,
      (x, y) =>
        `<circle cx="${x}" cy="${y}" r="5" fill="#1c1c1c"/><circle cx="${x}" cy="${y}" r="2" fill="#5a4a3a"/>`,
    );
  if (ref.includes('chocolate'))
    toppings +=
      scatter(
        random,
        8,
        80,
        (x, y, a) =>
          `<path d="M${x} ${y + 10} C${x - 12} ${y} ${x - 8} ${y - 12} ${x} ${y - 8} C${x + 8} ${y - 12} ${x + 12} ${y} ${x} ${y + 10}Z" fill="#e0313f" transform="rotate(${a} ${x} ${y})"/>`,
      ) +
      scatter(
        random,
        40,
        95,
        (x, y, a) =>
          `<rect x="${x}" y="${y}" width="6" height="2" rx="1" fill="${['#ffd23f', '#ff6b9a', '#5ec8ff', '#ffffff'][Math.floor(a) % 4]}" transform="rotate(${a} ${x} ${y})"/>`,
      );
  if (ref.includes('romeu'))
    toppings += scatter(
      random,
      9,
      80,
      (x, y, a) =>
        `<rect x="${x - 12}" y="${y - 7}" width="24" height="14" rx="3" fill="#b0202f" transform="rotate(${a} ${x} ${y})"/>`,
    );
  if (ref.includes('banana'))
    toppings +=
      scatter(
        random,
        12,
        85,
        (x, y) =>
          `<circle cx="${x}" cy="${y}" r="11" fill="#fbe7a1"/><circle cx="${x}" cy="${y}" r="4" fill="#e9cf7c"/>`,
      ) + scatter(random, 60, 95, (x, y) => `<circle cx="${x}" cy="${y}" r="1.4" fill="#8a4b1c"/>`);
  if (!sweet)
    toppings += scatter(random, 40, 95, (x, y) => `<circle cx="${x}" cy="${y}" r="1.1" fill="#3f6b2a"/>`);
  const cuts = [0, 45, 90, 135]
    .map(
      (a) =>
        `<line x1="80" y1="150" x2="320" y2="150" stroke="#8a4b1c" stroke-opacity="0.35" stroke-width="1.5" transform="rotate(${a} 200 150)"/>`,
    )
    .join('');
  const board = `<circle cx="200" cy="150" r="142" fill="#6e4424"/><circle cx="200" cy="150" r="138" fill="#c89563"/>`;
  return `${shadow(206, 160, 140, 136)}${board}<circle cx="200" cy="150" r="124" fill="url(#crust)"/>${sauce}<circle cx="200" cy="150" r="108" fill="${base}"/>${cheeseBlobs}${toppings}${cuts}`;
}

function burger(ref: string, random: () => number, x = 200, scale = 1): string {
  const s = (n: number) => n * scale;
  const w = s(190);
  const left = x - w / 2;
  const top = 150 - s(80);
  const cheese = /(cheddar|duplo|classico|combo)/.test(ref)
    ? ref.includes('cheddar')
      ? '#f08a00'
      : '#ffc933'
    : null;
  const patties = ref.includes('duplo') ? 2 : 1;
  const chicken = ref.includes('frango');
  const veggie = ref.includes('veggie');
  let y = top + s(62);
  let layers = '';
  layers += `<path d="M${left + s(6)} ${y} Q${left + s(20)} ${y + s(10)} ${left + s(35)} ${y} T${left + s(65)} ${y} T${left + s(95)} ${y} T${left + s(125)} ${y} T${left + s(155)} ${y} T${left + w - s(6)} ${y} L${left + w - s(6)} ${y - s(8)} L${left + s(6)} ${y - s(8)}Z" fill="#5fb04a"/>`;
  layers += `<rect x="${left + s(10)}" y="${y - s(2)}" width="${w - s(20)}" height="${s(10)}" rx="${s(4)}" fill="#d7362b"/>`;
  y += s(8);
  for (let i = 0; i < patties; i++) {
    const fill = chicken ? '#d99a3d' : veggie ? '#8d6a3a' : 'url(#patty)';
    layers += `<rect x="${left + s(4)}" y="${y}" width="${w - s(8)}" height="${s(26)}" rx="${s(12)}" fill="${fill}"/>`;
    if (!chicken)
      layers += Array.from(
        { length: 9 },
        () =>
          `<circle cx="${left + s(14) + random() * (w - s(28))}" cy="${y + s(6) + random() * s(14)}" r="${s(1.6)}" fill="#2a130a" opacity="0.6"/>`,
      ).join('');
    y += s(22);
    if (cheese) {
      layers += `<path d="M${left + s(2)} ${y} L${left + w - s(2)} ${y} L${left + w - s(20)} ${y + s(10)} L${left + w - s(40)} ${y + s(4)} L${left + s(120)} ${y + s(16)} L${left + s(96)} ${y + s(5)} L${left + s(60)} ${y + s(13)} L${left + s(36)} ${y + s(4)} L${left + s(16)} ${y + s(11)}Z" fill="${cheese}"/>`;
      y += s(6);
    }
  }
  if (ref.includes('bacon') || ref.includes('combo'))
    layers = `<path d="M${left} ${top + s(64)} q${s(30)} ${s(-10)} ${s(60)} 0 t${s(60)} 0 t${s(70)} 0" stroke="#9c2f22" stroke-width="${s(7)}" fill="none"/>${layers}`;
  const topBun = `<path d="M${left} ${top + s(60)} Q${left} ${top} ${x} ${top} Q${left + w} ${top} ${left + w} ${top + s(60)}Z" fill="url(#bun)"/>`;
  const seeds = Array.from({ length: 14 }, () => {
    const sx = left + s(30) + random() * (w - s(60));
    const sy = top + s(14) + random() * s(30);
    return `<ellipse cx="${sx}" cy="${sy}" rx="${s(3.2)}" ry="${s(1.8)}" fill="#fff3d6" transform="rotate(${random() * 60 - 30} ${sx} ${sy})"/>`;
  }).join('');
  const bottom = `<rect x="${left + s(2)}" y="${y}" width="${w - s(4)}" height="${s(28)}" rx="${s(10)}" fill="url(#bun)"/>`;
  return `${shadow(x + s(6), y + s(30), w * 0.6, s(18))}${bottom}${layers}${topBun}${seeds}<path d="M${left + s(30)} ${top + s(22)} Q${x - s(20)} ${top + s(6)} ${x + s(10)} ${top + s(8)}" stroke="#fff" stroke-opacity="0.35" stroke-width="${s(5)}" fill="none" stroke-linecap="round"/>`;
}

function fries(x: number, y: number, scale: number, random: () => number): string {
  const s = (n: number) => n * scale;
  const sticks = Array.from({ length: 14 }, (_, i) => {
    const sx = x - s(40) + i * s(6) + random() * s(3);
    const h = s(50 + random() * 30);
    return `<rect x="${sx}" y="${y - h}" width="${s(8)}" height="${h + s(10)}" rx="${s(2)}" fill="${i % 3 ? '#f6c343' : '#e8a92a'}" transform="rotate(${random() * 16 - 8} ${sx} ${y})"/>`;
  }).join('');
  return `${shadow(x, y + s(62), s(60), s(14))}${sticks}<path d="M${x - s(52)} ${y} L${x + s(52)} ${y} L${x + s(40)} ${y + s(70)} L${x - s(40)} ${y + s(70)}Z" fill="#d62828"/><path d="M${x - s(20)} ${y + s(25)} h${s(40)}" stroke="#fff" stroke-width="${s(6)}" stroke-linecap="round"/>`;
}

const drinkColours: [RegExp, string, string][] = [
  [/coca|refri/, '#3b0d06', '#e41e2b'],
  [/guarana/, '#6b3a0c', '#1c8a3a'],
  [/agua/, '#d8f0ff', '#2a8fd6'],
  [/suco/, '#ffa41b', '#ff7a00'],
  [/cerveja|chopp/, '#f2b01e', '#2f6b2a'],
  [/cha-verde/, '#b7d36b', '#4f8a2b'],
  [/ramune/, '#bfe6ff', '#3aa0e8'],
];

function drink(ref: string, random: () => number): string {
  const [, liquid, label] = drinkColours.find(([re]) => re.test(ref)) ?? [/./, '#e9a23b', '#c0392b'];
  if (/lata|ramune/.test(ref)) {
    return `${shadow(206, 262, 70, 14)}<rect x="150" y="40" width="100" height="220" rx="14" fill="${label}"/><rect x="150" y="40" width="100" height="220" rx="14" fill="url(#glass)"/><rect x="156" y="30" width="88" height="16" rx="6" fill="#c9cdd2"/><rect x="150" y="250" width="100" height="14" rx="6" fill="#b1b5ba"/><path d="M165 120 q35 -30 70 0" stroke="#ffffff" stroke-width="8" fill="none" stroke-linecap="round"/><circle cx="200" cy="170" r="26" fill="#ffffff" opacity="0.85"/><circle cx="200" cy="170" r="16" fill="${label}"/>`;
  }
  if (/2l|agua|long-neck/.test(ref)) {
    return `${shadow(206, 268, 60, 12)}<path d="M180 20 h40 v30 q30 20 30 60 v150 q0 12 -12 12 h-76 q-12 0 -12 -12 v-150 q0 -40 30 -60z" fill="${liquid}" opacity="${ref.includes('agua') ? 0.55 : 0.95}"/><path d="M180 20 h40 v30 q30 20 30 60 v150 q0 12 -12 12 h-76 q-12 0 -12 -12 v-150 q0 -40 30 -60z" fill="url(#glass)"/><rect x="178" y="10" width="44" height="14" rx="4" fill="${label}"/><rect x="150" y="140" width="100" height="60" fill="${label}"/><path d="M165 170 h70" stroke="#fff" stroke-width="6" stroke-linecap="round"/>`;
  }
  const ice = Array.from({ length: 4 }, (_, i) => {
    const ix = 168 + i * 18 + random() * 6;
    const iy = 100 + (i % 2) * 26 + random() * 10;
    return `<rect x="${ix}" y="${iy}" width="24" height="22" rx="4" fill="#ffffff" opacity="0.45" transform="rotate(${random() * 30 - 15} ${ix} ${iy})"/>`;
  }).join('');
  const foam = /cerveja|chopp/.test(ref)
    ? '<rect x="148" y="52" width="104" height="30" rx="12" fill="#fffaf0"/>'
    : '';
  const garnish = ref.includes('suco')
    ? '<circle cx="250" cy="70" r="28" fill="#ffd23f"/><circle cx="250" cy="70" r="22" fill="#fff1a8"/><path d="M250 48 v44 M228 70 h44 M234 54 l32 32 M266 54 l-32 32" stroke="#ffd23f" stroke-width="2"/>'
    : '';
  return `${shadow(206, 266, 70, 14)}<path d="M145 50 h110 l-12 210 q-1 10 -11 10 h-64 q-10 0 -11 -10z" fill="${liquid}" opacity="0.92"/>${foam}${ice}<path d="M145 50 h110 l-12 210 q-1 10 -11 10 h-64 q-10 0 -11 -10z" fill="url(#glass)" stroke="#ffffff" stroke-opacity="0.6" stroke-width="2"/>${garnish}`;
}

function bowl(inside: string, rim = '#f4f1ea'): string {
  return `${shadow(206, 160, 132, 128)}<circle cx="200" cy="150" r="128" fill="${rim}"/><circle cx="200" cy="150" r="128" fill="url(#light)"/><circle cx="200" cy="150" r="110" fill="#00000022"/>${inside}`;
}

function acai(random: () => number): string {
  const inside = `<circle cx="200" cy="150" r="106" fill="url(#acai)"/>${scatter(random, 7, 70, (x, y) => `<circle cx="${x}" cy="${y}" r="13" fill="#fbeeb8"/><circle cx="${x}" cy="${y}" r="5" fill="#e9d37e"/>`)}${scatter(random, 5, 75, (x, y, a) => `<path d="M${x} ${y + 12} C${x - 13} ${y} ${x - 9} ${y - 13} ${x} ${y - 9} C${x + 9} ${y - 13} ${x + 13} ${y} ${x} ${y + 12}Z" fill="#e0313f" transform="rotate(${a} ${x} ${y})"/>`)}${scatter(random, 70, 60, (x, y) => `<circle cx="${x + 25}" cy="${y - 10}" r="${2 + random() * 2}" fill="#c58a3e"/>`)}<path d="M120 120 C160 90 200 170 250 120 S300 150 290 190" stroke="#fffaf0" stroke-width="5" fill="none" stroke-linecap="round" opacity="0.9"/>`;
  return bowl(inside, '#fbfbf7');
}

function sushiPiece(x: number, y: number, r: number, centre: string): string {
  return `<circle cx="${x}" cy="${y + 3}" r="${r}" fill="#000" opacity="0.3"/><circle cx="${x}" cy="${y}" r="${r}" fill="#1d2b1f"/><circle cx="${x}" cy="${y}" r="${r * 0.8}" fill="#fbfbf4"/><circle cx="${x}" cy="${y}" r="${r * 0.8}" fill="url(#light)"/><circle cx="${x}" cy="${y}" r="${r * 0.38}" fill="${centre}"/><circle cx="${x + r * 0.15}" cy="${y - r * 0.1}" r="${r * 0.16}" fill="#fffaf0" opacity="0.8"/>`;
}

function sushiBoard(ref: string, random: () => number): string {
  const fish = ref.includes('atum')
    ? '#c7283a'
    : ref.includes('skin')
      ? '#c7844a'
      : ref.includes('vegetariano')
        ? '#5aa33a'
        : '#f58a5c';
  const rows: string[] = [];
  const count = /combinado/.test(ref) ? 12 : 8;
  for (let i = 0; i < count; i++) {
    const col = i % 4;
    const row = Math.floor(i / 4);
    const centre = /combinado/.test(ref)
      ? ['#f58a5c', '#c7283a', '#5aa33a', '#f58a5c'][(i + row) % 4]!
      : fish;
    rows.push(sushiPiece(125 + col * 50, 92 + row * 55 + (col % 2) * 6, 22, centre));
  }
  const hot = ref.includes('hot')
    ? scatter(random, 20, 90, (x, y) => `<circle cx="${x}" cy="${y}" r="2" fill="#d9a441"/>`)
    : '';
  return `${shadow(206, 160, 170, 110)}<rect x="50" y="45" width="300" height="${count > 8 ? 210 : 160}" rx="14" fill="#2b2b2b"/><rect x="50" y="45" width="300" height="${count > 8 ? 210 : 160}" rx="14" fill="url(#light)"/>${rows.join('')}${hot}<path d="M295 ${count > 8 ? 230 : 185} c12 -10 28 -6 30 6 c-4 10 -22 12 -30 -6z" fill="#8fc14a"/><path d="M270 ${count > 8 ? 238 : 192} c10 -12 26 -4 22 8z" fill="#f4b6a0"/><line x1="40" y1="272" x2="360" y2="252" stroke="#d8b27a" stroke-width="7" stroke-linecap="round"/><line x1="40" y1="286" x2="360" y2="266" stroke="#caa06a" stroke-width="7" stroke-linecap="round"/>`;
}

function temaki(ref: string): string {
  const fish = ref.includes('atum')
    ? '#c7283a'
    : ref.includes('skin')
      ? '#c7844a'
      : ref.includes('vegetariano')
        ? '#5aa33a'
        : ref.includes('grelhado')
          ? '#e07a3f'
          : '#f58a5c';
  return `${shadow(206, 180, 120, 40)}<path d="M120 90 L300 70 L210 270Z" fill="#1d2b1f"/><path d="M120 90 L300 70 L210 270Z" fill="url(#light)"/><path d="M128 92 Q210 40 296 72 L260 120 Q200 130 150 120Z" fill="#fbfbf4"/><path d="M150 95 Q200 55 270 78 L250 108 Q200 112 165 108Z" fill="${fish}"/><path d="M160 96 q20 -12 40 -4 M190 86 q24 -8 44 0" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3" fill="none"/><path d="M230 90 q10 -20 30 -14" stroke="#4f8a2b" stroke-width="5" fill="none" stroke-linecap="round"/>`;
}

function noodles(ref: string, random: () => number): string {
  const soup = ref.includes('lamen');
  const strands = Array.from({ length: 18 }, () => {
    const y = 90 + random() * 120;
    const x = 110 + random() * 40;
    return `<path d="M${x} ${y} q20 -18 40 0 t40 0 t40 0 t40 0" stroke="#f2d38a" stroke-width="4" fill="none" opacity="0.95"/>`;
  }).join('');
  const extras = soup
    ? `<ellipse cx="170" cy="120" rx="24" ry="18" fill="#ffffff"/><ellipse cx="170" cy="120" rx="11" ry="9" fill="#f4a81d"/><ellipse cx="225" cy="120" rx="24" ry="18" fill="#ffffff"/><ellipse cx="225" cy="120" rx="11" ry="9" fill="#f4a81d"/><rect x="250" y="150" width="40" height="60" fill="#1d2b1f" transform="rotate(-15 270 180)"/><circle cx="160" cy="200" r="18" fill="#e9c3b6"/><circle cx="160" cy="200" r="10" fill="#f7e4dd"/>${scatter(random, 25, 80, (x, y) => `<circle cx="${x}" cy="${y}" r="3" fill="#5aa33a"/>`)}`
    : `${scatter(random, 10, 80, (x, y, a) => `<rect x="${x - 8}" y="${y - 3}" width="16" height="6" rx="3" fill="#e8552f" transform="rotate(${a} ${x} ${y})"/>`)}${scatter(random, 10, 80, (x, y) => `<circle cx="${x}" cy="${y}" r="7" fill="#3f9b3a"/>`)}${scatter(random, 6, 70, (x, y, a) => `<rect x="${x - 10}" y="${y - 6}" width="20" height="12" rx="5" fill="#c98c4d" transform="rotate(${a} ${x} ${y})"/>`)}`;
  const inside = `<circle cx="200" cy="150" r="106" fill="${soup ? 'url(#broth)' : '#b8752d'}"/>${strands}${extras}`;
  return bowl(inside, soup ? '#1f2a44' : '#b3261e');
}

function plate(ref: string, random: () => number): string {
  let food: string;
  if (ref.includes('guioza'))
    food = [0, 1, 2, 3, 4]
      .map((i) => {
        const x = 130 + i * 35;
        const y = 150 + (i % 2) * 12;
        return `<path d="M${x - 30} ${y} Q${x} ${y - 50} ${x + 30} ${y} Q${x} ${y + 14} ${x - 30} ${y}Z" fill="#f1dcae"/><path d="M${x - 26} ${y + 2} Q${x} ${y + 12} ${x + 26} ${y + 2}" stroke="#c98c3e" stroke-width="6" fill="none"/><path d="M${x - 14} ${y - 20} l6 10 M${x} ${y - 24} l2 12 M${x + 12} ${y - 20} l-4 10" stroke="#d9c08e" stroke-width="2"/>`;
      })
      .join('');
  else if (ref.includes('onion'))
    food = scatter(
      random,
      9,
      60,
      (x, y) =>
        `<circle cx="${x}" cy="${y}" r="26" fill="none" stroke="#c98232" stroke-width="13"/><circle cx="${x}" cy="${y}" r="26" fill="none" stroke="#e9b45e" stroke-width="5" stroke-dasharray="4 6"/>`,
    );
  else if (ref.includes('batata')) return `${bowl('', '#fbfbf7')}${fries(200, 120, 1.4, random)}`;
  else if (ref.includes('calabresa'))
    food =
      scatter(
        random,
        16,
        70,
        (x, y) =>
          `<circle cx="${x}" cy="${y}" r="15" fill="#a8322a"/><circle cx="${x}" cy="${y}" r="11" fill="#c4483b"/>`,
      ) +
      scatter(
        random,
        14,
        70,
        (x, y, a) =>
          `<path d="M${x - 12} ${y} A12 12 0 0 1 ${x + 12} ${y}" stroke="#f3e6c8" stroke-width="4" fill="none" transform="rotate(${a} ${x} ${y})"/>`,
      );
  else if (/(petit|brownie)/.test(ref))
    food = `<rect x="150" y="105" width="100" height="80" rx="10" fill="url(#choc)"/><path d="M150 130 q25 -10 50 0 t50 0" stroke="#2a150a" stroke-width="5" fill="none"/><circle cx="255" cy="185" r="30" fill="#fffaf0"/><circle cx="255" cy="185" r="30" fill="url(#light)"/><path d="M245 160 q10 -14 22 -4" stroke="#3f9b3a" stroke-width="5" fill="none"/>${scatter(random, 12, 60, (x, y) => `<circle cx="${x}" cy="${y + 40}" r="2" fill="#7a1f2a"/>`)}`;
  else if (ref.includes('pudim'))
    food = `<ellipse cx="200" cy="160" rx="82" ry="70" fill="#f2c46b"/><ellipse cx="200" cy="150" rx="62" ry="52" fill="#f7d78f"/><circle cx="200" cy="150" r="18" fill="#6b3410"/><path d="M130 160 Q200 230 270 160" stroke="#8a4512" stroke-width="10" fill="none" opacity="0.8"/>`;
  else
    food = scatter(
      random,
      10,
      70,
      (x, y) =>
        `<circle cx="${x}" cy="${y}" r="${10 + random() * 8}" fill="${['#e9b45e', '#c4483b', '#3f9b3a', '#f3e6c8'][Math.floor(random() * 4)]}"/>`,
    );
  return `${shadow(206, 160, 140, 134)}<circle cx="200" cy="150" r="136" fill="url(#plate)"/><circle cx="200" cy="150" r="104" fill="#ffffff" stroke="#e4e0d8" stroke-width="2"/>${food}`;
}

function combo(ref: string, random: () => number): string {
  if (ref.includes('burger')) return `${burger(ref, random, 160, 0.95)}${fries(305, 150, 0.9, random)}`;
  return `<g transform="translate(-40 20) scale(0.85)">${pizza(ref, random)}</g><g transform="translate(130 30) scale(0.8)">${drink('refri-2l', random)}</g>`;
}

/** The picture of one product, by words in its reference, for a store's table. */
export function dish(ref: string, kind: Table): string {
  const random = randomFrom(hash(ref));
  let body: string;
  if (ref.startsWith('combo')) body = combo(ref, random);
  else if (ref.includes('pizza')) body = pizza(ref, random);
  else if (ref.includes('burger')) body = burger(ref, random);
  else if (ref.includes('acai')) body = acai(random);
  else if (/(coca|guarana|refri|agua|suco|cerveja|chopp|cha-verde|ramune)/.test(ref))
    body = drink(ref, random);
  else if (ref.includes('temaki')) body = temaki(ref);
  else if (/(roll|uramaki|combinado|sushi|sashimi)/.test(ref)) body = sushiBoard(ref, random);
  else if (/(yakisoba|lamen)/.test(ref)) body = noodles(ref, random);
  else body = plate(ref, random);
  return `${DEFS}${table(kind)}${body}`;
}

/** An SVG document of the picture, cropped to the given aspect ratio around the dish's centre. */
export function dishSvg(ref: string, kind: Table, width: number, height: number): Buffer {
  const stageHeight = 300;
  const stageWidth = Math.min(400, (stageHeight * width) / height);
  const x = (400 - stageWidth) / 2;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${x} 0 ${stageWidth} ${stageHeight}" preserveAspectRatio="xMidYMid slice">${dish(ref, kind)}</svg>`,
  );
}
