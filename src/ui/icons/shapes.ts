/**
 * What an icon is: SVG path data on a 24-unit grid, filled (brand marks) or stroked (line icons).
 * The header's few line icons live here, in the landing chunk: they are a few dozen bytes each and
 * a close button must never show an empty box. Every other mark is in methodIcons.ts, loaded later.
 */
export interface IconShape {
  d: string
  /** Stroked in currentColor (a line icon) rather than filled. */
  stroke?: boolean
  /** Filled with the even-odd rule (a mark with holes cut by its own subpaths). */
  evenodd?: boolean
}

export const GLYPHS = {
  back: { d: 'M15 5l-7 7 7 7', stroke: true },
  close: { d: 'M6 6l12 12M18 6 6 18', stroke: true },
  help: { d: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17.5v.01', stroke: true },
  check: { d: 'M5 12.5l4.5 4.5L19 7.5', stroke: true },
} satisfies Record<string, IconShape>
