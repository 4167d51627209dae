/**
 * Pictures for the demo gallery, hero slides and blog, drawn on this machine in the style of the
 * rooms and halls (demo-room-scenes.ts, demo-hall-scenes.ts): flat shapes, soft gradients, warm
 * light and a vignette, rasterised by sharp and stored like any upload. They show what the rooms
 * and halls do not: the hotel from the street, its lobby and rooftop pool, its restaurant, a
 * Bengali meal and the terrace, and three sights of Dhaka nearby (the Buriganga's boats,
 * Hatirjheel's bridges, Ahsan Manzil). Deterministic: the same options give the same picture.
 */

import {
  Camera,
  Canvas,
  SCENE_HEIGHT,
  SCENE_WIDTH,
  drawView,
  n1,
  plant,
  random,
  shade,
  tint,
  type Pt,
} from './demo-room-scenes.ts';

export type ContentSceneKind =
  | 'facade'
  | 'lobby'
  | 'rooftop-pool'
  | 'restaurant'
  | 'thali'
  | 'rooftop-dining'
  | 'river'
  | 'lake-park'
  | 'pink-palace';

export const CONTENT_SCENE_KINDS: readonly ContentSceneKind[] = [
  'facade',
  'lobby',
  'rooftop-pool',
  'restaurant',
  'thali',
  'rooftop-dining',
  'river',
  'lake-park',
  'pink-palace',
];

export interface ContentSceneOptions {
  kind: ContentSceneKind;
  /** Varies windows, boats, trees and the small things; the same seed gives the same picture. */
  seed?: number;
  /** The facade by day or at dusk (other kinds keep their own light). */
  time?: 'day' | 'dusk';
}

const W = SCENE_WIDTH;
const H = SCENE_HEIGHT;
const FONT = `font-family="Liberation Serif, DejaVu Serif, serif"`;

interface Ctx {
  c: Canvas;
  rnd: () => number;
  /** One gradient per key, so a hundred leaves share one definition. */
  paint: (key: string, make: () => string) => string;
}

const pathD = (pts: Pt[], close = true) => `M${pts.map(([x, y]) => `${n1(x)} ${n1(y)}`).join(' L')}${close ? 'Z' : ''}`;

/**
 * Dhaka seen from the hotel, wider and farther than through a room's window: sky, towers in the
 * haze, a mosque, nearer towers with lit windows and the treetops of Gulshan on the line `base`.
 */
function cityBackdrop(x: Ctx, base: number, dusk: boolean) {
  const { c, rnd } = x;
  c.rect(0, 0, W, base + 20, dusk ? c.linear([[0, '#2f3f6e'], [0.45, '#8d6a93'], [0.78, '#e8956a'], [1, '#f7c889']]) : c.linear([[0, '#7fb6e0'], [0.65, '#cfe5f1'], [1, '#f1ede2']]));
  if (dusk) {
    c.ellipse(1320, base - 90, 520, 380, c.radial([[0, '#ffd9a0', 0.85], [0.3, '#ffc27a', 0.4], [1, '#ffb070', 0]]));
    c.ellipse(1320, base - 110, 54, 54, '#fff1cf');
  } else {
    c.ellipse(1500, 160, 500, 360, c.radial([[0, '#ffffff', 0.85], [0.25, '#fff8e0', 0.4], [1, '#ffffff', 0]]));
    for (let i = 0; i < 6; i++) {
      const cx = rnd() * W;
      const cy = 80 + rnd() * (base * 0.45);
      const w = 110 + rnd() * 170;
      c.add(`<g fill="#ffffff" fill-opacity="${n1(0.55 + rnd() * 0.3)}"><ellipse cx="${n1(cx)}" cy="${n1(cy)}" rx="${n1(w)}" ry="${n1(w * 0.2)}"/><ellipse cx="${n1(cx - w * 0.3)}" cy="${n1(cy - w * 0.13)}" rx="${n1(w * 0.45)}" ry="${n1(w * 0.2)}"/></g>`);
    }
  }
  hazeTowers(x, base, dusk ? '#b88a8f' : '#a9c3d6', 70, 230);
  const mid = dusk ? '#5b4a62' : '#7f97ab';
  const mx = 300 + rnd() * 300;
  c.add(`<g fill="${mid}"><rect x="${n1(mx - 60)}" y="${base - 120}" width="120" height="130"/><path d="M${n1(mx - 50)} ${base - 118}a50 54 0 0 1 100 0z"/><rect x="${n1(mx - 95)}" y="${base - 210}" width="13" height="220"/><rect x="${n1(mx + 82)}" y="${base - 210}" width="13" height="220"/><path d="M${n1(mx - 95)} ${base - 208}l6.5-24 6.5 24zM${n1(mx + 82)} ${base - 208}l6.5-24 6.5 24z"/></g>`);
  const near = dusk ? '#3b3148' : '#5d7387';
  const lit = dusk ? '#ffe0a0' : '#dfeefa';
  for (let px = -10; px < W; ) {
    const w = 70 + rnd() * 110;
    const h = 90 + rnd() * 230;
    if (px > mx - 150 && px < mx + 120) {
      px += 70;
      continue;
    }
    c.rect(px, base - h, w, h + 20, near);
    if (rnd() > 0.6) c.rect(px + w * 0.4, base - h - 34, 4, 34, near);
    for (let wy = base - h + 14; wy < base - 8; wy += 22) {
      for (let wx = px + 8; wx < px + w - 12; wx += 17) {
        if (rnd() < (dusk ? 0.4 : 0.45)) c.rect(wx, wy, 8, 11, lit, `fill-opacity="${dusk ? n1(0.55 + rnd() * 0.45) : 0.35}"`);
      }
    }
    px += w + 10 + rnd() * 30;
  }
  const trees = dusk ? '#2b3326' : '#3f6b45';
  for (let px = -40; px < W + 60; px += 60 + rnd() * 50) c.ellipse(px, base + 6, 60 + rnd() * 50, 40 + rnd() * 20, trees);
}

/** Far towers in the haze, on a line at `base`. */
function hazeTowers(x: Ctx, base: number, color: string, minH: number, maxH: number, lit?: string) {
  for (let px = -20; px < W; ) {
    const w = 60 + x.rnd() * 110;
    const h = minH + x.rnd() * (maxH - minH);
    x.c.rect(px, base - h, w, h + 4, color);
    if (lit) {
      for (let wy = base - h + 14; wy < base - 10; wy += 22) {
        for (let wx = px + 8; wx < px + w - 12; wx += 16) {
          if (x.rnd() < 0.3) x.c.rect(wx, wy, 6, 9, lit, `fill-opacity="${n1(0.4 + x.rnd() * 0.5)}"`);
        }
      }
    }
    px += w + x.rnd() * 14;
  }
}

/** A coconut palm standing at (px, ground), `h` px tall. */
function palm(x: Ctx, px: number, ground: number, h: number, lean = 0.1) {
  const topX = px + h * lean;
  const topY = ground - h;
  x.c.add(
    `<path d="M${n1(px - h * 0.025)} ${n1(ground)} C ${n1(px + h * 0.02)} ${n1(ground - h * 0.5)} ${n1(topX - h * 0.06)} ${n1(topY + h * 0.3)} ${n1(topX - h * 0.012)} ${n1(topY)} L ${n1(topX + h * 0.012)} ${n1(topY)} C ${n1(topX - h * 0.02)} ${n1(topY + h * 0.3)} ${n1(px + h * 0.06)} ${n1(ground - h * 0.5)} ${n1(px + h * 0.025)} ${n1(ground)} Z" fill="#7a6548"/>`,
  );
  for (let r = 0.1; r < 1; r += 0.08) {
    const yy = ground - h * r;
    const xx = px + (topX - px) * r * r;
    x.c.line([xx - h * 0.022, yy], [xx + h * 0.022, yy + 3], '#5f4e37', 2, 'stroke-opacity="0.6"');
  }
  const fronds = 9;
  for (let i = 0; i < fronds; i++) {
    const a = -Math.PI + (i / (fronds - 1)) * Math.PI + (x.rnd() - 0.5) * 0.25;
    const l = h * (0.42 + x.rnd() * 0.14);
    const ex = topX + Math.cos(a) * l;
    const ey = topY + Math.abs(Math.sin(a)) * -l * 0.15 + l * 0.45 * (1 - Math.abs(Math.sin(a)));
    const mx = topX + Math.cos(a) * l * 0.5;
    const my = topY - l * 0.2 * Math.abs(Math.sin(a)) - l * 0.05;
    const green = ['#2f6a3a', '#3f7a45', '#4f8a55'][i % 3];
    x.c.add(
      `<path d="M${n1(topX)} ${n1(topY)} Q ${n1(mx)} ${n1(my - l * 0.08)} ${n1(ex)} ${n1(ey)} Q ${n1(mx)} ${n1(my + l * 0.1)} ${n1(topX)} ${n1(topY + 6)} Z" fill="${green}"/>`,
    );
  }
  x.c.ellipse(topX, topY + 8, h * 0.03, h * 0.025, '#5b7d32');
}

/** A round tree: a trunk and a cluster of canopy circles, optionally in flower. */
function tree(x: Ctx, px: number, ground: number, r: number, greens: string[], blossom?: string[]) {
  x.c.rect(px - r * 0.08, ground - r * 1.2, r * 0.16, r * 1.2, '#6b5440');
  const blobs: [number, number, number][] = [];
  for (let i = 0; i < 7; i++) {
    const a = (i / 7) * Math.PI * 2 + x.rnd();
    blobs.push([px + Math.cos(a) * r * 0.55, ground - r * 1.55 + Math.sin(a) * r * 0.35, r * (0.45 + x.rnd() * 0.2)]);
  }
  blobs.push([px, ground - r * 1.7, r * 0.6]);
  for (const [i, [bx, by, br]] of blobs.entries()) x.c.ellipse(bx, by, br, br * 0.85, greens[i % greens.length]!);
  if (blossom) {
    for (let i = 0; i < 70; i++) {
      const a = x.rnd() * Math.PI * 2;
      const d = Math.sqrt(x.rnd()) * r;
      x.c.ellipse(px + Math.cos(a) * d * 1.05, ground - r * 1.6 + Math.sin(a) * d * 0.7, 6 + x.rnd() * 9, 5 + x.rnd() * 7, blossom[i % blossom.length]!);
    }
  }
}

/** The warm light and vignette every demo picture ends with. */
function finish(c: Canvas, warmth = 0.06) {
  c.rect(0, 0, W, H, c.linear([[0, '#ffcf8a', warmth], [1, '#ff9a3c', warmth * 0.7]], 0, 0, 1, 1));
  c.rect(0, 0, W, H, c.radial([[0, '#000000', 0], [0.7, '#000000', 0.04], [1, '#000000', 0.3]], 0.5, 0.5, 0.75));
}

// ---------------------------------------------------------------------------------------------
// The hotel from the street.

function facade(x: Ctx, dusk: boolean) {
  const { c, rnd } = x;
  const ground = 1060;
  cityBackdrop(x, 1000, dusk);
  // The tower: a front face and a narrower side in shadow.
  const tx0 = 620;
  const tx1 = 1240;
  const top = 150;
  const side = 150;
  const stone = dusk ? '#d9cbb8' : '#efe6d6';
  const glass = dusk ? c.linear([[0, '#4a5878'], [1, '#2e3a56']]) : c.linear([[0, '#9cc3dc'], [1, '#6f9bb8']]);
  c.rect(tx0, top, tx1 - tx0, ground - top, stone);
  c.poly([[tx1, top], [tx1 + side, top + 40], [tx1 + side, ground - 10], [tx1, ground]], shade(stone, 0.28));
  const floors = 16;
  const fh = (ground - 250 - top - 60) / floors;
  for (let f = 0; f < floors; f++) {
    const y = top + 60 + f * fh;
    // Glass band with mullions, and a slim balcony slab.
    c.rect(tx0 + 24, y + 6, tx1 - tx0 - 48, fh - 14, glass);
    for (let mx = tx0 + 24; mx <= tx1 - 24; mx += 62) c.rect(mx - 2, y + 6, 4, fh - 14, shade(stone, 0.35));
    c.rect(tx0 + 10, y + fh - 8, tx1 - tx0 - 20, 8, tint(stone, 0.3));
    c.rect(tx0 + 10, y + fh - 26, tx1 - tx0 - 20, 18, '#dfeef5', 'fill-opacity="0.25"');
    for (let mx = tx0 + 24; mx < tx1 - 30; mx += 62) {
      if (dusk && rnd() < 0.55) c.rect(mx + 4, y + 8, 54, fh - 18, c.linear([[0, '#ffe2a0', 0.85], [1, '#f5b65f', 0.7]]));
      else if (!dusk && rnd() < 0.3) c.rect(mx + 4, y + 8, 54, fh - 18, '#ffffff', 'fill-opacity="0.25"');
    }
    // The side, in perspective.
    const k0 = (y + 6 - top) / (ground - top);
    const k1 = (y + fh - 8 - top) / (ground - top);
    const sy = (k: number, t: number) => top + 40 * t + (ground - 10 - top - 40 * t) * k + (0 - 0) * t;
    c.poly([[tx1 + 14, sy(k0, 0.1) + 3], [tx1 + side - 12, sy(k0, 0.92) + 3], [tx1 + side - 12, sy(k1, 0.92)], [tx1 + 14, sy(k1, 0.1)]], dusk ? '#2a3550' : '#5f86a0', 'fill-opacity="0.9"');
  }
  // Vertical stone fins that give the tower its height.
  for (const fx of [tx0, tx0 + 200, tx1 - 214, tx1 - 14]) c.rect(fx, top - 20, 14, ground - top, tint(stone, 0.2));
  // The crown and the name.
  c.rect(tx0 - 10, top - 40, tx1 - tx0 + 20, 100, shade(stone, 0.08));
  c.poly([[tx1 + 10, top - 40], [tx1 + side, top + 5], [tx1 + side, top + 80], [tx1 + 10, top + 60]], shade(stone, 0.34));
  const sign = dusk ? '#ffe6a8' : '#8a6a2c';
  if (dusk) c.ellipse((tx0 + tx1) / 2, top + 10, 360, 70, c.radial([[0, '#ffd98a', 0.5], [1, '#ffd98a', 0]]));
  c.add(`<text x="${(tx0 + tx1) / 2}" y="${top + 36}" text-anchor="middle" ${FONT} font-size="64" letter-spacing="18" fill="${sign}">RESIDENCY</text>`);
  // The podium: lobby glass, a porte-cochère and its columns.
  const px0 = 420;
  const px1 = 1460;
  const py = ground - 230;
  c.rect(px0, py, px1 - px0, 230, shade(stone, 0.05));
  c.rect(px0, py - 16, px1 - px0, 20, tint(stone, 0.25));
  c.rect(px0 + 40, py + 40, px1 - px0 - 80, 190, dusk ? c.linear([[0, '#ffdca0'], [1, '#e9a95b']]) : c.linear([[0, '#b7d3e3'], [1, '#8fb3c9']]));
  for (let mx = px0 + 40; mx <= px1 - 40; mx += 80) c.rect(mx - 3, py + 40, 6, 190, shade(stone, 0.3));
  // Chandeliers glimpsed inside.
  for (const lx of [760, 960, 1160]) {
    c.line([lx, py + 40], [lx, py + 80], '#8a6a2c', 2);
    c.ellipse(lx, py + 92, 26, 14, dusk ? '#fff3c8' : '#f7e7b4');
  }
  const cx0 = 760;
  const cx1 = 1160;
  c.poly([[cx0 - 40, py + 20], [cx1 + 40, py + 20], [cx1 + 80, py + 60], [cx0 - 80, py + 60]], tint(stone, 0.15));
  c.rect(cx0 - 80, py + 60, cx1 - cx0 + 160, 16, shade(stone, 0.2));
  for (const colX of [cx0 - 60, cx1 + 50]) c.rect(colX, py + 76, 18, ground - py - 76, tint(stone, 0.1));
  if (dusk) for (let lx = cx0 - 40; lx <= cx1 + 40; lx += 60) c.ellipse(lx, py + 78, 10, 4, '#fff3c8');
  // Driveway, kerb and lawn.
  c.rect(0, ground, W, H - ground, c.linear([[0, '#8a8a84'], [1, '#6d6d68']]));
  c.rect(0, ground, W, 10, '#cfc8bb');
  c.rect(0, ground + 140, W, H - ground - 140, c.linear([[0, '#6aa56a'], [1, '#3f7a45']]));
  c.rect(0, ground + 136, W, 8, '#d8d1c2');
  // A white car under the canopy and a rickshaw passing.
  car(x, 880, ground + 40, dusk);
  rickshaw(x, 1430, ground + 120, 1);
  // Palms and hedges either side.
  for (const [pxx, h, lean] of [[210, 560, 0.06], [360, 470, -0.08], [1600, 540, -0.05], [1760, 480, 0.09]] as const) palm(x, pxx, ground + 150, h, lean);
  for (let hx = -20; hx < W + 40; hx += 70 + rnd() * 30) {
    if (hx > 560 && hx < 1360) continue;
    c.ellipse(hx, ground + 170, 70, 40, '#3f7a45');
    c.ellipse(hx - 15, ground + 155, 40, 26, '#4f8a55');
  }
  for (let i = 0; i < 40; i++) {
    const fx = rnd() * W;
    if (fx > 560 && fx < 1360) continue;
    c.ellipse(fx, ground + 160 + rnd() * 40, 7, 6, ['#f28c8c', '#ffd36e', '#ffffff'][i % 3]!);
  }
}

function car(x: Ctx, cx: number, cy: number, dusk: boolean) {
  const { c } = x;
  c.ellipse(cx, cy + 50, 190, 18, '#000000', 'fill-opacity="0.25"');
  c.add(
    `<path d="M${cx - 180} ${cy + 40} L ${cx - 175} ${cy} Q ${cx - 150} ${cy - 20} ${cx - 100} ${cy - 24} L ${cx - 60} ${cy - 70} Q ${cx} ${cy - 84} ${cx + 70} ${cy - 70} L ${cx + 120} ${cy - 26} Q ${cx + 175} ${cy - 20} ${cx + 185} ${cy + 5} L ${cx + 185} ${cy + 40} Z" fill="${c.linear([[0, '#fbfbf9'], [1, '#cfd2d4']])}"/>`,
  );
  c.add(`<path d="M${cx - 50} ${cy - 62} Q ${cx} ${cy - 74} ${cx + 60} ${cy - 62} L ${cx + 100} ${cy - 28} L ${cx - 85} ${cy - 28} Z" fill="${dusk ? '#3a4660' : '#6f8ea3'}"/>`);
  c.rect(cx + 3, cy - 66, 6, 38, '#e9eaeb');
  for (const wx of [cx - 110, cx + 110]) {
    c.ellipse(wx, cy + 40, 34, 34, '#2b2b2b');
    c.ellipse(wx, cy + 40, 15, 15, '#a9adb1');
  }
  c.ellipse(cx + 175, cy + 8, 10, 6, dusk ? '#fff3c8' : '#f2f2ea');
}

/** A cycle rickshaw with its painted hood, seen from the side; `s` scales it. */
function rickshaw(x: Ctx, rx: number, ry: number, s: number) {
  const { c } = x;
  const wheel = (wx: number, r: number) => {
    c.ellipse(wx, ry, r, r, 'none', `stroke="#2b2b2b" stroke-width="${n1(6 * s)}"`);
    for (let i = 0; i < 8; i++) {
      const a = (i / 8) * Math.PI;
      c.line([wx - Math.cos(a) * r, ry - Math.sin(a) * r], [wx + Math.cos(a) * r, ry + Math.sin(a) * r], '#8a8a8a', 1.5 * s);
    }
  };
  c.ellipse(rx, ry + 40 * s, 150 * s, 12 * s, '#000000', 'fill-opacity="0.2"');
  wheel(rx - 40 * s, 46 * s);
  wheel(rx + 130 * s, 40 * s);
  c.line([rx - 40 * s, ry], [rx + 130 * s, ry - 10 * s], '#3b3b3b', 6 * s);
  c.line([rx + 130 * s, ry], [rx + 120 * s, ry - 80 * s], '#3b3b3b', 6 * s);
  c.line([rx + 105 * s, ry - 82 * s], [rx + 140 * s, ry - 86 * s], '#3b3b3b', 5 * s);
  c.rect(rx + 78 * s, ry - 62 * s, 34 * s, 8 * s, '#2b2b2b');
  // The passenger seat and its hood, painted in the rickshaw art's colours.
  c.rect(rx - 90 * s, ry - 60 * s, 110 * s, 26 * s, '#c0392b', `rx="${n1(6 * s)}"`);
  c.rect(rx - 86 * s, ry - 100 * s, 20 * s, 44 * s, '#1f6f8b');
  c.add(
    `<path d="M${n1(rx - 100 * s)} ${n1(ry - 60 * s)} Q ${n1(rx - 110 * s)} ${n1(ry - 190 * s)} ${n1(rx - 10 * s)} ${n1(ry - 180 * s)} L ${n1(rx + 20 * s)} ${n1(ry - 60 * s)} Z" fill="#2d3e8c"/>`,
  );
  for (const [i, color] of ['#f1c40f', '#e74c3c', '#27ae60', '#ecf0f1'].entries()) {
    c.add(
      `<path d="M${n1(rx - 98 * s + i * 6 * s)} ${n1(ry - 70 * s - i * 28 * s)} Q ${n1(rx - 40 * s)} ${n1(ry - 92 * s - i * 26 * s)} ${n1(rx + 14 * s - i * 3 * s)} ${n1(ry - 74 * s - i * 26 * s)}" stroke="${color}" stroke-width="${n1(5 * s)}" fill="none"/>`,
    );
  }
  // The rickshaw-wallah, pedalling.
  c.ellipse(rx + 118 * s, ry - 150 * s, 14 * s, 16 * s, '#7a5238');
  c.add(`<path d="M${n1(rx + 104 * s)} ${n1(ry - 134 * s)} L ${n1(rx + 134 * s)} ${n1(ry - 134 * s)} L ${n1(rx + 124 * s)} ${n1(ry - 82 * s)} L ${n1(rx + 100 * s)} ${n1(ry - 84 * s)} Z" fill="#e9e4d8"/>`);
  c.line([rx + 110 * s, ry - 84 * s], [rx + 128 * s, ry - 30 * s], '#5a4a3a', 7 * s);
  c.line([rx + 128 * s, ry - 120 * s], [rx + 138 * s, ry - 86 * s], '#7a5238', 6 * s);
}

// ---------------------------------------------------------------------------------------------
// Dhaka nearby.

function river(x: Ctx) {
  const { c, rnd } = x;
  const horizon = 640;
  c.rect(0, 0, W, horizon + 10, c.linear([[0, '#3d4f80'], [0.35, '#9a7196'], [0.7, '#ef9a68'], [1, '#fbd08c']]));
  c.ellipse(1280, horizon - 60, 420, 320, c.radial([[0, '#ffe6b0', 0.9], [0.3, '#ffc27a', 0.45], [1, '#ffb070', 0]]));
  c.ellipse(1280, horizon - 70, 58, 58, '#fff1cf');
  // Birds.
  for (let i = 0; i < 9; i++) {
    const bx = 300 + rnd() * 900;
    const by = 160 + rnd() * 200;
    const s = 8 + rnd() * 8;
    c.add(`<path d="M${n1(bx - s)} ${n1(by)} Q ${n1(bx - s / 2)} ${n1(by - s * 0.6)} ${n1(bx)} ${n1(by)} Q ${n1(bx + s / 2)} ${n1(by - s * 0.6)} ${n1(bx + s)} ${n1(by)}" stroke="#3a2f3f" stroke-width="2.5" fill="none"/>`);
  }
  // The far bank: old Dhaka's houses, a mosque, cranes of a dockyard.
  for (let px = -10; px < W; ) {
    const w = 40 + rnd() * 90;
    const h = 30 + rnd() * 90;
    c.rect(px, horizon - h, w, h + 10, rnd() < 0.5 ? '#6a4f63' : '#5b4558');
    px += w + rnd() * 6;
  }
  const mx = 420;
  c.add(`<g fill="#4b3a4d"><rect x="${mx - 60}" y="${horizon - 150}" width="120" height="150"/><path d="M${mx - 50} ${horizon - 148}a50 56 0 0 1 100 0z"/><rect x="${mx - 95}" y="${horizon - 230}" width="14" height="230"/><rect x="${mx + 81}" y="${horizon - 230}" width="14" height="230"/><path d="M${mx - 95} ${horizon - 228}l7-26 7 26zM${mx + 81} ${horizon - 228}l7-26 7 26z"/></g>`);
  c.line([1620, horizon - 10], [1620, horizon - 190], '#4b3a4d', 8);
  c.line([1560, horizon - 180], [1740, horizon - 180], '#4b3a4d', 6);
  c.line([1620, horizon - 190], [1740, horizon - 180], '#4b3a4d', 3);
  // Water, with the sun's path on it.
  c.rect(0, horizon, W, H - horizon, c.linear([[0, '#c98a7a'], [0.3, '#8a6a7e'], [1, '#3f4b6a']]));
  for (let i = 0; i < 120; i++) {
    const y = horizon + 8 + Math.pow(rnd(), 1.4) * (H - horizon);
    const spread = 60 + (y - horizon) * 0.5;
    const px = 1280 + (rnd() - 0.5) * spread * 2;
    c.rect(px, y, 20 + rnd() * 90, 3 + (y - horizon) / 200, '#ffd9a0', `fill-opacity="${n1(0.25 + rnd() * 0.5)}" rx="2"`);
  }
  for (let i = 0; i < 40; i++) {
    const y = horizon + 20 + rnd() * (H - horizon);
    c.rect(rnd() * W, y, 60 + rnd() * 160, 2.5, '#ffffff', `fill-opacity="${n1(0.08 + rnd() * 0.12)}"`);
  }
  // A three-deck passenger launch, bound for the south.
  launch(x, 380, horizon + 90);
  // Country boats, far to near.
  nouka(x, 1040, horizon + 60, 0.45, rnd);
  nouka(x, 1500, horizon + 120, 0.7, rnd);
  nouka(x, 760, horizon + 260, 1.0, rnd);
  nouka(x, 1420, horizon + 470, 1.6, rnd);
}

/** A wooden country boat with its bamboo canopy and a boatman at the oar. */
function nouka(x: Ctx, bx: number, by: number, s: number, rnd: () => number) {
  const { c } = x;
  const L = 230 * s;
  c.ellipse(bx, by + 14 * s, L * 1.05, 12 * s, '#000000', 'fill-opacity="0.22"');
  c.add(
    `<path d="M${n1(bx - L)} ${n1(by - 40 * s)} Q ${n1(bx - L * 0.7)} ${n1(by + 10 * s)} ${n1(bx)} ${n1(by + 10 * s)} Q ${n1(bx + L * 0.7)} ${n1(by + 10 * s)} ${n1(bx + L)} ${n1(by - 46 * s)} L ${n1(bx + L * 0.8)} ${n1(by - 22 * s)} L ${n1(bx - L * 0.8)} ${n1(by - 20 * s)} Z" fill="#4a3324"/>`,
  );
  c.line([bx - L * 0.9, by - 24 * s], [bx + L * 0.9, by - 28 * s], '#8a5a36', 5 * s);
  // The chhoi: an arched canopy of woven bamboo.
  c.add(
    `<path d="M${n1(bx - L * 0.45)} ${n1(by - 22 * s)} Q ${n1(bx - L * 0.1)} ${n1(by - 120 * s)} ${n1(bx + L * 0.3)} ${n1(by - 24 * s)} Z" fill="${x.paint('chhoi', () => c.linear([[0, '#d8a85e'], [1, '#9c6a33']]))}"/>`,
  );
  for (let i = 1; i < 5; i++) {
    const t = i / 5;
    c.line([bx - L * 0.45 + t * L * 0.75, by - 22 * s], [bx - L * 0.45 + t * L * 0.75, by - 22 * s - Math.sin(t * Math.PI) * 70 * s], '#7a5028', 2 * s, 'stroke-opacity="0.6"');
  }
  // The boatman, standing at the stern with a long oar.
  const mx = bx + L * 0.62;
  const my = by - 28 * s;
  c.line([mx, my], [mx + 6 * s, my - 70 * s], '#2a2320', 10 * s);
  c.ellipse(mx + 7 * s, my - 84 * s, 10 * s, 11 * s, '#2a2320');
  c.line([mx + 40 * s, my - 120 * s], [mx - 30 * s, by + 40 * s], '#3a2a1e', 4 * s);
  if (rnd() < 0.7) c.line([mx + 4 * s, my - 50 * s], [mx + 26 * s, my - 90 * s], '#2a2320', 5 * s);
}

function launch(x: Ctx, lx: number, ly: number) {
  const { c } = x;
  const L = 520;
  c.ellipse(lx + L / 2, ly + 12, L * 0.55, 14, '#000000', 'fill-opacity="0.25"');
  c.add(`<path d="M${lx} ${ly - 60} L ${lx + L + 40} ${ly - 70} L ${lx + L - 10} ${ly + 8} L ${lx + 30} ${ly + 8} Z" fill="#1f3b66"/>`);
  c.rect(lx + 8, ly - 66, L + 20, 10, '#c0392b');
  const decks = ['#f3efe6', '#e9e3d6', '#f3efe6'];
  for (const [i, color] of decks.entries()) {
    const y0 = ly - 66 - (i + 1) * 46;
    const inset = 20 + i * 40;
    c.rect(lx + inset, y0, L - inset * 1.4, 46, color);
    c.rect(lx + inset, y0, L - inset * 1.4, 6, i === 1 ? '#1f6f8b' : '#c0392b');
    for (let wx = lx + inset + 16; wx < lx + L - inset * 0.4 - 20; wx += 30) c.rect(wx, y0 + 16, 18, 18, '#3b4a66', 'rx="3"');
  }
  c.rect(lx + 180, ly - 66 - 3 * 46 - 30, 120, 30, '#f3efe6');
  c.rect(lx + 280, ly - 66 - 3 * 46 - 70, 16, 50, '#1f1f1f');
  c.add(`<text x="${lx + 200}" y="${ly - 66 - 3 * 46 - 8}" ${FONT} font-size="18" fill="#c0392b">M.V. Sundarban</text>`);
}

function lakePark(x: Ctx) {
  const { c, rnd } = x;
  const horizon = 560;
  c.rect(0, 0, W, horizon + 20, c.linear([[0, '#7fb6e0'], [0.7, '#cfe5f1'], [1, '#f1ede2']]));
  c.ellipse(300, 160, 420, 300, c.radial([[0, '#ffffff', 0.8], [0.3, '#fff8e0', 0.35], [1, '#ffffff', 0]]));
  for (let i = 0; i < 6; i++) {
    const cx = rnd() * W;
    const cy = 90 + rnd() * 220;
    const w = 120 + rnd() * 160;
    c.add(`<g fill="#ffffff" fill-opacity="${n1(0.6 + rnd() * 0.3)}"><ellipse cx="${n1(cx)}" cy="${n1(cy)}" rx="${n1(w)}" ry="${n1(w * 0.2)}"/><ellipse cx="${n1(cx - w * 0.3)}" cy="${n1(cy - w * 0.13)}" rx="${n1(w * 0.45)}" ry="${n1(w * 0.2)}"/></g>`);
  }
  hazeTowers(x, horizon, '#a9c3d6', 60, 260);
  hazeTowers(x, horizon + 10, '#7f97ab', 30, 170, '#dfeefa');
  for (let px = -20; px < W + 40; px += 40 + rnd() * 40) c.ellipse(px, horizon + 10, 40 + rnd() * 30, 26, '#5d8a62');
  // Water.
  c.rect(0, horizon + 14, W, H - horizon, c.linear([[0, '#a9cfe0'], [0.5, '#6fa4bf'], [1, '#4a7d96']]));
  for (let i = 0; i < 50; i++) {
    c.rect(rnd() * W, horizon + 30 + rnd() * 500, 40 + rnd() * 140, 3, '#ffffff', `fill-opacity="${n1(0.15 + rnd() * 0.25)}" rx="1.5"`);
  }
  // The white bridge in long, low arches, and its reflection.
  const by = horizon + 120;
  const spans = 6;
  const span = 300;
  const bx0 = 120;
  let deck = `M${bx0} ${by - 30} L ${bx0 + spans * span} ${by - 30} L ${bx0 + spans * span} ${by}`;
  for (let i = spans - 1; i >= 0; i--) {
    const a = bx0 + i * span;
    deck += ` L ${a + span - 20} ${by} Q ${a + span / 2} ${by - 150} ${a + 20} ${by}`;
  }
  deck += ` L ${bx0} ${by} Z`;
  c.add(`<path d="${deck}" fill="#f4f1ea"/>`);
  c.add(`<path d="${deck}" fill="#f4f1ea" fill-opacity="0.35" transform="translate(0 ${2 * by + 8}) scale(1 -1)"/>`);
  c.rect(bx0, by - 46, spans * span, 16, '#e3ddd0');
  for (let px = bx0; px <= bx0 + spans * span; px += 25) c.rect(px, by - 62, 4, 18, '#d9d2c4');
  // A water taxi.
  c.add(`<path d="M1180 ${by + 170} L 1400 ${by + 170} L 1380 ${by + 200} L 1200 ${by + 200} Z" fill="#f4f1ea"/>`);
  c.rect(1220, by + 130, 140, 42, '#2f6f6b', 'rx="8"');
  for (let wx = 1232; wx < 1350; wx += 28) c.rect(wx, by + 140, 18, 16, '#cfe6ee', 'rx="3"');
  c.rect(1160, by + 198, 260, 4, '#ffffff', 'fill-opacity="0.5"');
  // The near shore: a walkway with lamps, benches, and krishnachura in flower.
  const shore = 1010;
  c.add(`<path d="M0 ${shore - 30} Q ${W / 2} ${shore - 70} ${W} ${shore - 20} L ${W} ${H} L 0 ${H} Z" fill="${c.linear([[0, '#8cc07a'], [1, '#4f8a55']])}"/>`);
  c.add(`<path d="M0 ${shore + 40} Q ${W / 2} ${shore - 10} ${W} ${shore + 50} L ${W} ${shore + 130} Q ${W / 2} ${shore + 70} 0 ${shore + 120} Z" fill="#d8c7aa"/>`);
  for (let lx = 120; lx < W; lx += 360) {
    const ly = shore + 40 - Math.sin((lx / W) * Math.PI) * 45;
    c.rect(lx - 3, ly - 170, 6, 170, '#3b3b3b');
    c.ellipse(lx, ly - 176, 16, 12, '#fff6de');
  }
  for (const bx of [520, 1360]) {
    const yy = shore + 30 - Math.sin((bx / W) * Math.PI) * 45;
    c.rect(bx - 60, yy - 34, 120, 10, '#8a5a36');
    c.rect(bx - 60, yy - 60, 120, 8, '#8a5a36');
    c.rect(bx - 54, yy - 26, 6, 26, '#3b3b3b');
    c.rect(bx + 48, yy - 26, 6, 26, '#3b3b3b');
  }
  const greens = ['#3f7a45', '#4f8a55', '#2f6a3a'];
  const flame = ['#e63d2e', '#f25c2a', '#d62f26', '#ff7b39'];
  tree(x, 160, shore + 10, 210, greens, flame);
  tree(x, 1790, shore + 40, 240, greens, flame);
}

function pinkPalace(x: Ctx) {
  const { c, rnd } = x;
  const ground = 930;
  c.rect(0, 0, W, ground, c.linear([[0, '#6fa8d6'], [0.7, '#c4def0'], [1, '#efe9dc']]));
  for (let i = 0; i < 5; i++) {
    const cx = rnd() * W;
    const cy = 80 + rnd() * 200;
    const w = 140 + rnd() * 160;
    c.add(`<g fill="#ffffff" fill-opacity="0.75"><ellipse cx="${n1(cx)}" cy="${n1(cy)}" rx="${n1(w)}" ry="${n1(w * 0.2)}"/><ellipse cx="${n1(cx + w * 0.3)}" cy="${n1(cy - w * 0.12)}" rx="${n1(w * 0.4)}" ry="${n1(w * 0.18)}"/></g>`);
  }
  const pink = '#e79aa6';
  const pinkDark = shade(pink, 0.18);
  const trim = '#fbf4ee';
  const x0 = 160;
  const x1 = 1760;
  const floorH = 170;
  const base = ground - 40;
  // Two storeys of arcaded verandahs along the whole front.
  c.rect(x0, base - floorH * 2 - 40, x1 - x0, floorH * 2 + 40, pink);
  for (let storey = 0; storey < 2; storey++) {
    const y1 = base - storey * floorH;
    const y0 = y1 - floorH;
    c.rect(x0, y0 - 6, x1 - x0, 14, trim);
    for (let ax = x0 + 30; ax < x1 - 60; ax += 92) {
      if (ax > 760 && ax < 1120) continue;
      c.add(`<path d="M${ax + 12} ${y1} L ${ax + 12} ${y0 + 60} Q ${ax + 46} ${y0 + 14} ${ax + 80} ${y0 + 60} L ${ax + 80} ${y1} Z" fill="${c.linear([[0, '#7a3f4a'], [1, '#4a2630']])}"/>`);
      c.rect(ax + 2, y0 + 10, 10, floorH - 10, tint(pink, 0.2));
      if (storey === 0) for (let bx = ax + 14; bx < ax + 80; bx += 10) c.rect(bx, y1 - 36, 4, 36, trim);
      else c.rect(ax + 12, y1 - 40, 68, 6, trim);
    }
  }
  c.rect(x0 - 10, base - floorH * 2 - 50, x1 - x0 + 20, 18, trim);
  for (let bx = x0; bx < x1; bx += 18) c.rect(bx, base - floorH * 2 - 80, 8, 30, trim);
  // The middle block, which stands forward, its grand stair and the ribbed dome.
  const m0 = 760;
  const m1 = 1160;
  c.rect(m0, base - floorH * 2 - 80, m1 - m0, floorH * 2 + 80, pinkDark);
  c.rect(m0 + 20, base - floorH * 2 - 70, m1 - m0 - 40, floorH * 2 + 70, pink);
  for (const [i, ax] of [m0 + 60, m0 + 160, m0 + 260].entries()) {
    const w = i === 1 ? 90 : 70;
    c.add(`<path d="M${ax} ${base - floorH} L ${ax} ${base - floorH * 2 + 50} Q ${ax + w / 2} ${base - floorH * 2} ${ax + w} ${base - floorH * 2 + 50} L ${ax + w} ${base - floorH} Z" fill="#5a2e38"/>`);
  }
  c.add(`<path d="M${m0 + 40} ${base - floorH * 2 - 80} L ${(m0 + m1) / 2} ${base - floorH * 2 - 170} L ${m1 - 40} ${base - floorH * 2 - 80} Z" fill="${pinkDark}"/>`);
  const dx = (m0 + m1) / 2;
  const dy = base - floorH * 2 - 170;
  c.rect(dx - 120, dy - 70, 240, 80, pink);
  for (let wx = dx - 100; wx < dx + 100; wx += 40) c.rect(wx, dy - 56, 20, 44, '#5a2e38', 'rx="10"');
  c.add(`<path d="M${dx - 140} ${dy - 70} Q ${dx - 140} ${dy - 280} ${dx} ${dy - 300} Q ${dx + 140} ${dy - 280} ${dx + 140} ${dy - 70} Z" fill="${c.linear([[0, tint(pink, 0.15)], [1, pinkDark]], 0, 0, 1, 0)}"/>`);
  for (let i = -3; i <= 3; i++) {
    c.add(`<path d="M${dx + i * 40} ${dy - 70} Q ${dx + i * 30} ${dy - 240} ${dx} ${dy - 298}" stroke="${shade(pink, 0.3)}" stroke-width="3" fill="none" stroke-opacity="0.6"/>`);
  }
  c.rect(dx - 6, dy - 360, 12, 62, trim);
  c.ellipse(dx, dy - 366, 14, 14, '#d4af37');
  // The steps, widening towards the lawn.
  for (let i = 0; i < 10; i++) {
    const t = i / 10;
    const w = 220 + t * 380;
    c.rect(dx - w / 2, base - floorH + 20 + i * 14 + (ground - base) * t * 0.2, w, 14, i % 2 ? '#f1e6dc' : '#e6d8cc');
  }
  c.rect(0, ground - 40, W, 48, '#d8c7b6');
  c.rect(0, ground, W, H - ground, c.linear([[0, '#8cc07a'], [1, '#4f8a55']]));
  c.add(`<path d="M${dx - 300} ${ground} L ${dx + 300} ${ground} L ${dx + 520} ${H} L ${dx - 520} ${H} Z" fill="#e6d8c4"/>`);
  for (const [px, h] of [[70, 700], [1850, 660], [460, 420], [1470, 440]] as const) palm(x, px, ground + 80, h, px < W / 2 ? 0.06 : -0.06);
  for (let i = 0; i < 60; i++) {
    const fx = rnd() * W;
    if (Math.abs(fx - dx) < 420) continue;
    c.ellipse(fx, ground + 60 + rnd() * 220, 8, 7, ['#f28c8c', '#ffd36e', '#ffffff', '#e63d2e'][i % 4]!);
  }
}

// ---------------------------------------------------------------------------------------------
// A Bengali meal on a brass thali, from above.

function thali(x: Ctx) {
  const { c, rnd } = x;
  // The table: planks of dark wood.
  c.rect(0, 0, W, H, '#5a3a24');
  for (let py = 0; py < H; py += 160) {
    c.rect(0, py, W, 156, c.linear([[0, '#6e4a2f'], [0.5, '#7a5236'], [1, '#5e3e27']], 0, 0, 1, 0));
    for (let i = 0; i < 6; i++) {
      const gy = py + 20 + rnd() * 120;
      c.add(`<path d="M0 ${n1(gy)} Q ${n1(W * 0.3)} ${n1(gy + (rnd() - 0.5) * 30)} ${n1(W * 0.6)} ${n1(gy)} T ${W} ${n1(gy)}" stroke="#4a2f1c" stroke-width="2" fill="none" stroke-opacity="0.35"/>`);
    }
  }
  // A woven runner under the plate.
  c.rect(360, 0, 1200, H, c.linear([[0, '#d9b779'], [1, '#c9a35e']], 0, 0, 1, 0), 'fill-opacity="0.92"');
  for (let ry = 0; ry < H; ry += 24) c.rect(360, ry, 1200, 3, '#a8803f', 'fill-opacity="0.4"');
  const sh = (cx: number, cy: number, r: number) => c.ellipse(cx + r * 0.12, cy + r * 0.16, r * 1.02, r * 1.02, '#000000', 'fill-opacity="0.28"');
  const brass = x.paint('brass', () => c.radial([[0, '#f7dc8b'], [0.6, '#d9aa45'], [0.9, '#b9852c'], [1, '#8f6420']], 0.4, 0.35, 0.75));
  // The thali.
  const tx = 900;
  const ty = 640;
  sh(tx, ty, 470);
  c.ellipse(tx, ty, 470, 470, brass);
  c.ellipse(tx, ty, 430, 430, c.radial([[0, '#f4d68a'], [1, '#c99a3c']], 0.45, 0.4, 0.7));
  c.ellipse(tx, ty, 452, 452, 'none', 'stroke="#a8772a" stroke-width="4" stroke-opacity="0.6"');
  // Rice, a soft mound of grains.
  c.ellipse(tx - 40, ty + 80, 210, 170, '#fbfaf3');
  c.ellipse(tx - 60, ty + 60, 160, 120, '#ffffff');
  for (let i = 0; i < 260; i++) {
    const a = rnd() * Math.PI * 2;
    const d = Math.sqrt(rnd());
    const gx = tx - 40 + Math.cos(a) * d * 200;
    const gy = ty + 80 + Math.sin(a) * d * 160;
    c.ellipse(gx, gy, 7, 2.6, '#ece8da', `transform="rotate(${n1(rnd() * 180)} ${n1(gx)} ${n1(gy)})"`);
  }
  // Katoris around the rim: dal, ilish in mustard, shak, and begun bhaja.
  const katori = (cx: number, cy: number, r: number, fill: string) => {
    sh(cx, cy, r);
    c.ellipse(cx, cy, r, r, brass);
    c.ellipse(cx, cy, r * 0.84, r * 0.84, fill);
  };
  katori(tx - 200, ty - 250, 120, c.radial([[0, '#f5c542'], [1, '#d99a1e']]));
  for (let i = 0; i < 14; i++) c.ellipse(tx - 200 + (rnd() - 0.5) * 140, ty - 250 + (rnd() - 0.5) * 140, 5, 5, '#b5651d', 'fill-opacity="0.6"');
  c.ellipse(tx - 170, ty - 270, 14, 10, '#3f7a45');
  katori(tx + 130, ty - 280, 130, c.radial([[0, '#e8b53a'], [1, '#c98a1c']]));
  // A steak of ilish in the mustard gravy: silver skin, soft white flesh.
  c.add(`<path d="M${tx + 60} ${ty - 300} Q ${tx + 130} ${ty - 360} ${tx + 200} ${ty - 300} Q ${tx + 190} ${ty - 220} ${tx + 130} ${ty - 215} Q ${tx + 70} ${ty - 220} ${tx + 60} ${ty - 300} Z" fill="#f4efe6" stroke="#a9aeb6" stroke-width="10"/>`);
  c.ellipse(tx + 130, ty - 275, 16, 16, '#d8cfc0');
  c.ellipse(tx + 100, ty - 250, 10, 6, '#3f7a45');
  c.line([tx + 180, ty - 320], [tx + 230, ty - 350], '#2f7a3a', 9, 'stroke-linecap="round"');
  katori(tx + 300, ty - 20, 115, c.radial([[0, '#4f8a3a'], [1, '#2f5a26']]));
  for (let i = 0; i < 20; i++) c.ellipse(tx + 300 + (rnd() - 0.5) * 150, ty - 20 + (rnd() - 0.5) * 150, 10, 5, '#6aa54a', `transform="rotate(${n1(rnd() * 180)} ${n1(tx + 300)} ${n1(ty - 20)})"`);
  for (let i = 0; i < 3; i++) {
    const bx = tx + 230 + i * 18;
    const by = ty + 210 + i * 30;
    c.ellipse(bx + 8, by + 10, 70, 48, '#000000', 'fill-opacity="0.2"');
    c.ellipse(bx, by, 70, 48, '#5a2d5c');
    c.ellipse(bx, by, 58, 38, c.radial([[0, '#e0b36a'], [1, '#b07a3a']]));
  }
  // Bhorta: mashed potato, aubergine and shrimp, shaped by hand.
  for (const [i, color] of ['#f2d38a', '#8a6a3a', '#e07a4a'].entries()) {
    const bx = tx - 300 + i * 70;
    const by = ty + 270 - i * 10;
    c.ellipse(bx + 6, by + 8, 40, 36, '#000000', 'fill-opacity="0.2"');
    c.ellipse(bx, by, 40, 36, color);
    c.ellipse(bx - 12, by - 12, 12, 9, '#ffffff', 'fill-opacity="0.25"');
  }
  // Lemon, green chillies and onion rings.
  c.add(`<path d="M${tx - 360} ${ty - 40} A 60 60 0 0 1 ${tx - 240} ${ty - 40} Z" fill="#e7e36a" stroke="#c8c23c" stroke-width="6"/>`);
  for (let i = 0; i < 2; i++) c.add(`<path d="M${tx - 380 + i * 20} ${ty + 30 + i * 30} q 60 -30 120 10" stroke="#2f7a3a" stroke-width="14" fill="none" stroke-linecap="round"/>`);
  for (let i = 0; i < 3; i++) c.ellipse(tx - 120 + i * 30, ty + 330, 28, 22, 'none', 'stroke="#c98aa5" stroke-width="6"');
  // Beside the plate: cha, a clay pot of mishti doi, water, a napkin and a spoon.
  sh(1620, 300, 110);
  c.ellipse(1620, 300, 110, 110, '#f7f4ee');
  c.ellipse(1620, 300, 70, 70, '#fbfaf6', 'stroke="#e5dfd3" stroke-width="4"');
  c.ellipse(1620, 300, 56, 56, c.radial([[0, '#b77a45'], [1, '#8a552c']]));
  c.rect(1690, 288, 70, 20, '#f7f4ee', 'rx="10"');
  sh(1640, 640, 100);
  c.ellipse(1640, 640, 100, 100, c.radial([[0, '#c7744a'], [1, '#9a4f2c']]));
  c.ellipse(1640, 640, 76, 76, c.radial([[0, '#fff4e0'], [1, '#f0dcc0']]));
  c.ellipse(1620, 625, 30, 14, '#e0b080', 'fill-opacity="0.5"');
  sh(280, 320, 90);
  c.ellipse(280, 320, 90, 90, c.radial([[0, '#e6f3f7', 0.9], [1, '#b9d6e0', 0.9]]));
  c.ellipse(280, 320, 70, 70, '#ffffff', 'fill-opacity="0.3"');
  c.rect(160, 860, 180, 300, '#f7f4ee', 'rx="12"');
  c.rect(160, 860, 180, 300, 'none', 'stroke="#c0392b" stroke-width="6" stroke-dasharray="18 10" rx="12"');
  c.add(`<path d="M250 900 L 250 1120" stroke="#c9c9c4" stroke-width="12" stroke-linecap="round"/>`);
  c.ellipse(250, 900, 26, 40, '#d9d9d4');
  // Marigold petals, for the occasion.
  for (let i = 0; i < 26; i++) {
    const px = 1450 + rnd() * 380;
    const py = 820 + rnd() * 420;
    c.ellipse(px, py, 10, 6, ['#f39c12', '#f7b731', '#ec7f13'][i % 3]!, `transform="rotate(${n1(rnd() * 180)} ${n1(px)} ${n1(py)})"`);
  }
}

// ---------------------------------------------------------------------------------------------
// Interiors, in one-point perspective like the rooms.

/**
 * The five inner faces of a room `2·half` wide and `high` tall, seen from inside; the floor
 * lines (boards or tiles) stay on the floor. The side walls and ceiling reach past the picture.
 */
function roomShell(
  x: Ctx,
  half: number,
  high: number,
  colors: { ceiling: [string, string]; wall: [string, string]; floor: [string, string]; lines: string },
  grid: { along: number; across?: number },
) {
  const { c } = x;
  const P = (px: number, py: number, pz = 0) => c.cam.P(px, py, pz);
  const far = c.cam.d - 0.3;
  const quad = (pts: [number, number, number][], fill: string) => c.poly(pts.map(([a, b, z]) => P(a, b, z)), fill);
  quad([[-half, high, 0], [half, high, 0], [half, high, far], [-half, high, far]], c.linear([[0, colors.ceiling[1]], [1, colors.ceiling[0]]]));
  quad([[-half, high, 0], [-half, 0, 0], [-half, 0, far], [-half, high, far]], c.linear([[0, colors.wall[0]], [1, colors.wall[1]]], 1, 0, 0, 0));
  quad([[half, high, 0], [half, 0, 0], [half, 0, far], [half, high, far]], c.linear([[0, colors.wall[0]], [1, colors.wall[1]]], 0, 0, 1, 0));
  quad([[-half, 0, 0], [half, 0, 0], [half, 0, far], [-half, 0, far]], c.linear([[0, colors.floor[0]], [1, colors.floor[1]]]));
  for (let gx = -half + grid.along; gx < half - 0.01; gx += grid.along) c.line(P(gx, 0, 0), P(gx, 0, far), colors.lines, 2, 'stroke-opacity="0.45"');
  if (grid.across) for (let gz = grid.across; gz < far - 0.5; gz += grid.across) c.line(P(-half, 0, gz), P(half, 0, gz), colors.lines, 2, 'stroke-opacity="0.45"');
}

const LOBBY_CAMERA = new Camera(W / 2, 600, 800, 86, 10);

function lobby(x: Ctx) {
  const { c, rnd } = x;
  const cam = c.cam;
  const P = (px: number, py: number, pz = 0) => cam.P(px, py, pz);
  const half = 6.2;
  const high = 5.2;
  const [bl, bt] = P(-half, high);
  const [br, bb] = P(half, 0);
  // Walls of warm sand, a marble floor in large tiles.
  roomShell(x, half, high, { ceiling: ['#e4d8c4', '#f3ebdd'], wall: ['#d8c5a8', '#e9dcc6'], floor: ['#e8e1d6', '#cbbfae'], lines: '#b9ab97' }, { along: 1.55, across: 0.9 });
  c.ellipse(W / 2, P(0, 0, 5)[1], 520, 90, '#ffffff', 'fill-opacity="0.25"');
  // The back wall: wood slats behind the desk, the name in brass, and two garden windows.
  c.rect(bl, bt, br - bl, bb - bt, c.linear([[0, '#eadfcb'], [1, '#d9c8ab']]));
  const [sx0, sy0] = P(-2.6, 3.9);
  const [sx1, sy1] = P(2.6, 0);
  c.rect(sx0, sy0, sx1 - sx0, sy1 - sy0, c.linear([[0, '#8a5a36'], [1, '#6b4327']]));
  for (let sx = sx0 + 10; sx < sx1; sx += 18) c.rect(sx, sy0, 6, sy1 - sy0, '#5a3a22', 'fill-opacity="0.5"');
  const [nx, ny] = P(0, 3.2);
  c.ellipse(nx, ny, 330, 80, c.radial([[0, '#ffe2a0', 0.45], [1, '#ffe2a0', 0]]));
  c.add(`<text x="${n1(nx)}" y="${n1(ny + 18)}" text-anchor="middle" ${FONT} font-size="52" letter-spacing="14" fill="#e8c56a">RESIDENCY</text>`);
  for (const side of [-1, 1]) {
    const [wx0, wy0] = P(side < 0 ? -5.6 : 3.3, 4.2);
    const [wx1, wy1] = P(side < 0 ? -3.3 : 5.6, 0.3);
    c.add(`<svg x="${n1(wx0)}" y="${n1(wy0)}" width="${n1(wx1 - wx0)}" height="${n1(wy1 - wy0)}" viewBox="0 250 1000 750" preserveAspectRatio="xMidYMid slice">${drawView(c, 'garden', rnd)}</svg>`);
    c.rect(wx0, wy0, wx1 - wx0, wy1 - wy0, 'none', 'stroke="#f8f3ea" stroke-width="12"');
    c.line([(wx0 + wx1) / 2, wy0], [(wx0 + wx1) / 2, wy1], '#f8f3ea', 8);
  }
  // The reception desk: stone front, marble top, a small arrangement of rajanigandha.
  const desk = { x0: -2.4, x1: 2.4, z0: 0.8, z1: 1.6 };
  c.shadow(desk.x0, desk.x1, desk.z0, desk.z1 + 0.2, 0.3);
  c.box(desk.x0, desk.x1, 0, 1.1, desk.z0, desk.z1, '#d6c3a4', { top: '#f4efe6', front: c.linear([[0, '#e6d6bb'], [1, '#c4ad89']]) });
  c.box(desk.x0 - 0.05, desk.x1 + 0.05, 1.1, 1.16, desk.z0 - 0.05, desk.z1 + 0.05, '#efe9df', { top: '#fbf8f2' });
  for (let lx = desk.x0 + 0.4; lx < desk.x1; lx += 0.8) {
    const [ax, ay] = P(lx, 0.95, desk.z1);
    const [, by2] = P(lx, 0.15, desk.z1);
    c.line([ax, ay], [ax, by2], '#b59a72', 3, 'stroke-opacity="0.6"');
  }
  const [vx, vy] = P(2.25, 1.16, 1.2);
  c.rect(vx - 14, vy - 70, 28, 70, '#e9eef0', 'rx="8"');
  for (let i = 0; i < 9; i++) {
    const a = -Math.PI / 2 + (rnd() - 0.5) * 1.3;
    const l = 70 + rnd() * 50;
    c.line([vx, vy - 70], [vx + Math.cos(a) * l, vy - 70 + Math.sin(a) * l], '#4f8a55', 3);
    c.ellipse(vx + Math.cos(a) * l, vy - 70 + Math.sin(a) * l, 7, 10, '#fffdf5');
  }
  // A brass bell and a lamp on the desk.
  const [lx, ly] = P(-1.95, 1.16, 1.2);
  c.ellipse(lx, ly - 120, 200, 180, c.radial([[0, '#ffe9b8', 0.5], [1, '#ffe9b8', 0]]));
  c.line([lx, ly], [lx, ly - 70], '#c9a227', 4);
  c.poly([[lx - 30, ly - 110], [lx + 30, ly - 110], [lx + 42, ly - 66], [lx - 42, ly - 66]], '#fff1cf');
  // The grand chandelier: rings of crystal drops.
  const [chx, chy] = P(0, 4.3, 3.2);
  c.line([chx, 0], [chx, chy - 90], '#b8952e', 3);
  c.ellipse(chx, chy, 420, 300, c.radial([[0, '#fff1c8', 0.5], [1, '#fff1c8', 0]]));
  for (const [ring, rr, ry] of [[0, 200, 40], [1, 150, 30], [2, 96, 20]] as const) {
    const cy = chy - 60 + ring * 50;
    c.ellipse(chx, cy, rr, ry, 'none', 'stroke="#d4af37" stroke-width="4"');
    for (let i = 0; i < 26 - ring * 6; i++) {
      const a = (i / (26 - ring * 6)) * Math.PI * 2;
      const dx2 = chx + Math.cos(a) * rr;
      const dy2 = cy + Math.sin(a) * ry;
      c.line([dx2, dy2], [dx2, dy2 + 40], '#fffaf0', 2, 'stroke-opacity="0.8"');
      c.ellipse(dx2, dy2 + 44, 5, 8, '#fffdf5');
    }
  }
  // Seating: a sofa on the left, two armchairs on the right, round tables between.
  const fabric = '#154f52';
  const accent = '#c9a227';
  // Nearer things are drawn later: the plants by the wall before the seats.
  plant(c, -5.7, 1.0, rnd, 1.7);
  plant(c, 5.7, 1.0, rnd, 1.7);
  const sx = -4.9;
  c.shadow(sx, sx + 2.6, 4.2, 5.8, 0.35);
  c.box(sx, sx + 2.6, 0.12, 0.9, 4.2, 4.5, fabric, { round: 10 });
  c.box(sx, sx + 0.25, 0.12, 0.65, 4.5, 5.7, shade(fabric, 0.05), { round: 10 });
  c.box(sx + 2.35, sx + 2.6, 0.12, 0.65, 4.5, 5.7, shade(fabric, 0.05), { round: 10 });
  c.box(sx + 0.25, sx + 2.35, 0.12, 0.48, 4.5, 5.7, tint(fabric, 0.08), { round: 10 });
  for (const [i, ox] of [sx + 0.6, sx + 1.3, sx + 2.0].entries()) {
    const [px2, py2] = P(ox, 0.72, 4.6);
    const cw = cam.len(0.42, 4.6);
    c.rect(px2 - cw / 2, py2 - cw / 2, cw, cw * 0.85, i === 1 ? accent : '#f4efe6', `rx="${n1(cw * 0.2)}"`);
  }
  for (const ax of [3.0, 4.5]) {
    c.shadow(ax - 0.6, ax + 0.6, 4.4, 5.6, 0.35);
    c.box(ax - 0.55, ax + 0.55, 0.1, 0.95, 4.4, 4.7, accent, { round: 10 });
    c.box(ax - 0.55, ax - 0.4, 0.1, 0.62, 4.7, 5.5, shade(accent, 0.08), { round: 10 });
    c.box(ax + 0.4, ax + 0.55, 0.1, 0.62, 4.7, 5.5, shade(accent, 0.08), { round: 10 });
    c.box(ax - 0.4, ax + 0.4, 0.1, 0.46, 4.7, 5.5, tint(accent, 0.08), { round: 10 });
  }
  // A low round table between the armchairs, with a bowl of fruit.
  c.shadow(3.3, 4.2, 5.7, 6.5, 0.3);
  c.box(3.7, 3.8, 0, 0.4, 6.0, 6.1, '#4a2f1c');
  const [rtx, rty] = P(3.75, 0.44, 6.05);
  c.ellipse(rtx, rty, cam.len(0.5, 6.05), cam.len(0.12, 6.05), '#8a5a36');
  for (const [ox, color] of [[-16, '#e8a23a'], [6, '#d9534f'], [26, '#9cbf4a']] as const) c.ellipse(rtx + ox, rty - 12, 14, 13, color);
}

const DINING_CAMERA = new Camera(W / 2, 590, 730, 92, 10);

function restaurant(x: Ctx) {
  const { c, rnd } = x;
  const cam = c.cam;
  const P = (px: number, py: number, pz = 0) => cam.P(px, py, pz);
  const half = 6.4;
  const high = 3.6;
  const [bl, bt] = P(-half, high);
  const [br, bb] = P(half, 0);
  // A ceiling of dark timber battens, walls of sand, a floor of oiled boards.
  roomShell(x, half, high, { ceiling: ['#6b4a33', '#8a6446'], wall: ['#c9b08c', '#e0ccab'], floor: ['#9c7150', '#6f4b31'], lines: '#553722' }, { along: 0.4 });
  for (let gz = 0.3; gz < 9; gz += 0.6) c.line(P(-half, high, gz), P(half, high, gz), '#5a3c28', 4 * c.cam.depth(gz), 'stroke-opacity="0.6"');
  // A long window onto the lake behind the tables.
  c.rect(bl, bt, br - bl, bb - bt, '#e7d8bf');
  const [wx0, wy0] = P(-5.6, 3.1);
  const [wx1, wy1] = P(3.2, 0.7);
  c.add(`<svg x="${n1(wx0)}" y="${n1(wy0)}" width="${n1(wx1 - wx0)}" height="${n1(wy1 - wy0)}" viewBox="0 300 1000 520" preserveAspectRatio="xMidYMid slice">${drawView(c, 'lake', rnd)}</svg>`);
  for (let mx = wx0; mx <= wx1 + 1; mx += (wx1 - wx0) / 5) c.rect(mx - 5, wy0, 10, wy1 - wy0, '#f7f1e6');
  c.rect(wx0 - 5, wy0 - 5, wx1 - wx0 + 10, 12, '#f7f1e6');
  // The open kitchen on the right: copper pots, a tandoor's glow and the chef's counter.
  const [kx0, ky0] = P(3.6, 2.4);
  const [kx1, ky1] = P(6.4, 0);
  c.rect(kx0, ky0, kx1 - kx0, ky1 - ky0, '#3b3029');
  c.ellipse((kx0 + kx1) / 2, ky1 - 40, 180, 90, c.radial([[0, '#ff9a3c', 0.7], [1, '#ff9a3c', 0]]));
  for (let i = 0; i < 4; i++) {
    const px2 = kx0 + 30 + i * 50;
    c.line([px2, ky0 + 20], [px2, ky0 + 50], '#8a8a8a', 2);
    c.ellipse(px2, ky0 + 70, 22, 20, '#b8693a');
  }
  c.box(3.6, 6.4, 0, 1.05, 0.1, 0.9, '#7a5236', { top: '#efe9df' });
  for (let i = 0; i < 4; i++) {
    const [hx, hy] = P(3.95 + i * 0.65, 1.05, 0.5);
    c.ellipse(hx, hy - 14, 30, 18, '#c0c4c8');
    c.ellipse(hx, hy - 26, 30, 10, '#e3e6e8');
  }
  // Pendant lamps of woven cane above the tables.
  for (const [px2, pz] of [[-3.6, 2.6], [0, 2.6], [-3.6, 5.2], [0.2, 5.2], [3.4, 5.2]] as const) {
    const [tx, ty] = P(px2, high, pz);
    const [lx, ly] = P(px2, 2.3, pz);
    c.line([tx, ty], [lx, ly], '#3b2a1e', 2);
    const r = cam.len(0.28, pz);
    c.ellipse(lx, ly + r * 0.6, r * 2.6, r * 2.6, c.radial([[0, '#fff1c8', 0.45], [1, '#fff1c8', 0]]));
    c.add(`<path d="M${n1(lx - r)} ${n1(ly + r * 0.7)} Q ${n1(lx - r)} ${n1(ly - r * 0.4)} ${n1(lx)} ${n1(ly - r * 0.4)} Q ${n1(lx + r)} ${n1(ly - r * 0.4)} ${n1(lx + r)} ${n1(ly + r * 0.7)} Z" fill="#c98a4b"/>`);
    c.ellipse(lx, ly + r * 0.7, r, r * 0.2, '#fff3c8');
  }
  // Tables laid for dinner, far to near.
  plant(c, -5.8, 0.8, rnd, 1.4);
  for (const [tx, tz] of [[-3.6, 2.6], [0, 2.6], [-3.6, 5.2], [0.2, 5.2], [3.4, 5.2], [-1.7, 7.3]] as const) table(x, tx, tz);
}

/** A round table in a white cloth with two chairs, plates, glasses and a candle. */
function table(x: Ctx, tx: number, tz: number) {
  const { c } = x;
  const cam = c.cam;
  const P = (px: number, py: number, pz = 0) => cam.P(px, py, pz);
  const chair = (cx: number, cz: number, back: boolean) => {
    c.shadow(cx - 0.25, cx + 0.25, cz - 0.2, cz + 0.25, 0.3);
    if (back) c.box(cx - 0.24, cx + 0.24, 0.45, 1.0, cz - 0.22, cz - 0.18, '#2f6f6b', { round: 8 });
    c.box(cx - 0.24, cx + 0.24, 0.42, 0.48, cz - 0.2, cz + 0.22, '#2f6f6b', { round: 8 });
    for (const lx of [cx - 0.22, cx + 0.18]) c.box(lx, lx + 0.04, 0, 0.42, cz + 0.18, cz + 0.22, '#3b2a1e');
    if (!back) c.box(cx - 0.24, cx + 0.24, 0.45, 1.0, cz + 0.18, cz + 0.22, '#2f6f6b', { round: 8 });
  };
  chair(tx - 0.95, tz, true);
  chair(tx + 0.95, tz, true);
  chair(tx, tz - 0.85, true);
  c.shadow(tx - 0.7, tx + 0.7, tz - 0.6, tz + 0.6, 0.35);
  const [cx, cy] = P(tx, 0.76, tz);
  const [, fy] = P(tx, 0.05, tz + 0.6);
  const rx = cam.len(0.7, tz + 0.3);
  const ry = rx * 0.22;
  c.add(`<path d="M${n1(cx - rx)} ${n1(cy)} L ${n1(cx - rx * 1.02)} ${n1(fy)} Q ${n1(cx)} ${n1(fy + ry * 0.6)} ${n1(cx + rx * 1.02)} ${n1(fy)} L ${n1(cx + rx)} ${n1(cy)} Z" fill="${x.paint('cloth', () => c.linear([[0, '#fbfaf6'], [1, '#ddd8cc']], 0, 0, 1, 0))}"/>`);
  c.ellipse(cx, cy, rx, ry, '#ffffff');
  for (const ox of [-0.38, 0.38]) {
    const [px2, py2] = P(tx + ox, 0.77, tz + 0.1);
    c.ellipse(px2, py2, rx * 0.28, ry * 0.36, '#f1ede4', 'stroke="#d4af37" stroke-width="2"');
    c.line([px2 + rx * 0.22, py2 - 30], [px2 + rx * 0.22, py2 - 4], '#cfe3ea', 3);
    c.ellipse(px2 + rx * 0.22, py2 - 34, 8, 12, '#e6f3f7', 'fill-opacity="0.8"');
  }
  const [kx, ky] = P(tx, 0.77, tz);
  c.ellipse(kx, ky - 16, 60, 50, c.radial([[0, '#ffd98a', 0.6], [1, '#ffd98a', 0]]));
  c.rect(kx - 6, ky - 26, 12, 24, '#fbf7ea');
  c.ellipse(kx, ky - 32, 4, 7, '#ffcc55');
  chair(tx, tz + 0.85, false);
}

/** A rooftop at dusk: the city behind a glass balustrade, the pool or the terrace's tables. */
const ROOF_CAMERA = new Camera(W / 2, 620, 760, 92, 10);

function rooftopBase(x: Ctx) {
  const { c } = x;
  cityBackdrop(x, c.cam.floorY, true);
  const P = (px: number, py: number, pz = 0) => c.cam.P(px, py, pz);
  // The deck, in teak planks that run towards the city.
  const [, dy] = P(0, 0, 0);
  c.poly([[0, dy], [W, dy], [W, H], [0, H]], c.linear([[0, '#8a5f3e'], [1, '#5a3a24']]));
  for (let gx = -16; gx <= 16; gx += 0.45) c.line(P(gx, 0, 0), P(gx, 0, 7.9), '#4a2f1c', 2, 'stroke-opacity="0.45"');
  // Glass balustrade along the edge, with a brass rail.
  const [gx0, gy0] = P(-20, 1.1);
  const [gx1] = P(20, 0);
  c.rect(gx0, gy0, gx1 - gx0, dy - gy0, '#dfeef5', 'fill-opacity="0.18"');
  c.rect(gx0, gy0 - 6, gx1 - gx0, 8, '#c9a227');
  for (let px = -12; px <= 12; px += 1.6) {
    const [sx, sy] = P(px, 1.1);
    c.rect(sx - 2, sy, 4, dy - sy, '#c9a227', 'fill-opacity="0.7"');
  }
}

function festoon(x: Ctx, y0: number, sag: number, from: number, to: number) {
  const { c } = x;
  const pts: Pt[] = [];
  for (let i = 0; i <= 40; i++) {
    const t = i / 40;
    pts.push([from + (to - from) * t, y0 + Math.sin(t * Math.PI) * sag]);
  }
  c.add(`<path d="${pathD(pts, false)}" stroke="#2b2520" stroke-width="3" fill="none"/>`);
  for (let i = 1; i < 40; i += 2) {
    const [bx, by] = pts[i]!;
    c.ellipse(bx, by + 10, 30, 30, x.paint('bulb-glow', () => c.radial([[0, '#ffd98a', 0.55], [1, '#ffd98a', 0]])));
    c.ellipse(bx, by + 10, 7, 9, '#fff3c8');
  }
}

function rooftopDining(x: Ctx) {
  const { c, rnd } = x;
  rooftopBase(x);
  festoon(x, 40, 160, -60, W + 60);
  festoon(x, 200, 120, -60, W + 60);
  plant(c, -6.4, 1.0, rnd, 1.6);
  plant(c, 6.4, 1.0, rnd, 1.6);
  for (const [tx, tz] of [[-4.4, 3.2], [-0.9, 3.2], [2.6, 3.2], [-2.7, 5.9], [1.0, 5.9], [4.7, 5.9]] as const) table(x, tx, tz);
}

function rooftopPool(x: Ctx) {
  const { c, rnd } = x;
  rooftopBase(x);
  const P = (px: number, py: number, pz = 0) => c.cam.P(px, py, pz);
  // The pool runs across the view, its far edge flush with the glass.
  const z0 = 0.3;
  const z1 = 4.4;
  const [ax, ay] = P(-14, 0.01, z0);
  const [bx] = P(14, 0.01, z0);
  const [cx, cy] = P(14, 0.01, z1);
  const [dx] = P(-14, 0.01, z1);
  c.poly([[ax, ay], [bx, ay], [cx, cy], [dx, cy]], c.linear([[0, '#5fb8c9'], [0.6, '#2f93ad'], [1, '#1f7690']]));
  // The dusk sky in the water, and ripples.
  c.poly([[ax, ay], [bx, ay], [cx, ay + (cy - ay) * 0.35], [dx, ay + (cy - ay) * 0.35]], c.linear([[0, '#f2a36e', 0.45], [1, '#9a7196', 0]]));
  for (let i = 0; i < 60; i++) {
    const y = ay + rnd() * (cy - ay);
    c.rect(rnd() * W, y, 30 + rnd() * 120, 3, '#ffffff', `fill-opacity="${n1(0.15 + rnd() * 0.3)}" rx="1.5"`);
  }
  c.poly([[dx, cy], [cx, cy], [cx, cy + 14], [dx, cy + 14]], '#efe9df');
  // Plants by the water, then loungers on the near deck with rolled towels, a parasol and a drink.
  plant(c, -6.0, 4.9, rnd, 1.4);
  plant(c, 6.0, 4.9, rnd, 1.4);
  for (const lx of [-4.3, -1.6, 1.6, 4.3]) {
    const z = 5.9;
    c.shadow(lx - 0.4, lx + 0.4, z - 0.9, z + 0.9, 0.3);
    c.box(lx - 0.38, lx + 0.38, 0.25, 0.35, z - 0.9, z + 0.9, '#f4efe6', { top: '#fbf8f2' });
    c.box(lx - 0.38, lx + 0.38, 0.35, 0.95, z - 1.0, z - 0.85, '#f4efe6', { round: 6 });
    for (const fx of [lx - 0.35, lx + 0.31]) c.box(fx, fx + 0.04, 0, 0.25, z + 0.8, z + 0.84, '#8a5a36');
    const [tx, ty] = P(lx, 0.4, z + 0.3);
    c.ellipse(tx, ty, c.cam.len(0.2, z), c.cam.len(0.08, z), '#2f6f6b');
  }
  for (const sx of [-2.95, 2.95]) {
    c.shadow(sx - 0.25, sx + 0.25, 5.5, 6.0, 0.3);
    c.box(sx - 0.22, sx + 0.22, 0, 0.45, 5.5, 5.9, '#8a5a36', { top: '#a9764a' });
    const [gx, gy] = P(sx, 0.45, 5.7);
    c.ellipse(gx, gy - 24, 22, 26, '#7a9a3a');
    c.ellipse(gx, gy - 40, 18, 6, '#f4f1e4');
    c.line([gx + 6, gy - 44], [gx + 20, gy - 80], '#e74c3c', 4);
  }
  const [ux, uy] = P(-2.95, 0, 5.2);
  const [, uty] = P(-2.95, 2.4, 5.2);
  c.line([ux, uy], [ux, uty], '#6b4327', 8);
  c.add(`<path d="M${n1(ux - 330)} ${n1(uty + 60)} Q ${n1(ux)} ${n1(uty - 80)} ${n1(ux + 330)} ${n1(uty + 60)} Z" fill="#f4efe6"/>`);
  c.add(`<path d="M${n1(ux - 330)} ${n1(uty + 60)} Q ${n1(ux)} ${n1(uty + 20)} ${n1(ux + 330)} ${n1(uty + 60)}" stroke="#c9a227" stroke-width="6" fill="none"/>`);
}

// ---------------------------------------------------------------------------------------------

const CAMERAS: Partial<Record<ContentSceneKind, Camera>> = {
  lobby: LOBBY_CAMERA,
  restaurant: DINING_CAMERA,
  'rooftop-dining': ROOF_CAMERA,
  'rooftop-pool': ROOF_CAMERA,
};

/** The SVG of one scene at the full SCENE_WIDTH × SCENE_HEIGHT. */
export function contentSceneSvg(options: ContentSceneOptions): string {
  const c = new Canvas(CAMERAS[options.kind]);
  const cache = new Map<string, string>();
  const x: Ctx = {
    c,
    rnd: random(options.seed ?? 1),
    paint: (key, make) => {
      let v = cache.get(key);
      if (v === undefined) {
        v = make();
        cache.set(key, v);
      }
      return v;
    },
  };
  switch (options.kind) {
    case 'facade':
      facade(x, options.time === 'dusk');
      break;
    case 'lobby':
      lobby(x);
      break;
    case 'rooftop-pool':
      rooftopPool(x);
      break;
    case 'restaurant':
      restaurant(x);
      break;
    case 'thali':
      thali(x);
      break;
    case 'rooftop-dining':
      rooftopDining(x);
      break;
    case 'river':
      river(x);
      break;
    case 'lake-park':
      lakePark(x);
      break;
    case 'pink-palace':
      pinkPalace(x);
      break;
  }
  finish(c, options.kind === 'river' || options.time === 'dusk' ? 0.08 : 0.06);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${c.defs.join('')}</defs>${c.body.join('')}</svg>`;
}

