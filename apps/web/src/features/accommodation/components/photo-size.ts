/**
 * Pixel size of a room photo's stored variant: width and height attributes let the browser reserve
 * the box. (A file of its own: the page's cards need it in the first paint, the pop-up's carousel
 * loads later.)
 */
export const PHOTO_WIDTH = 1280;
export const PHOTO_HEIGHT = 853;
