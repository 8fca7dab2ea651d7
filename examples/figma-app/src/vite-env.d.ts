/** The variables of `.env` files the page reads (Vite's own types come from tsconfig.app.json). */
interface ImportMetaEnv {
  /** A Figma personal access token, for `?api=https://api.figma.com`. */
  readonly VITE_FIGMA_TOKEN?: string;
}
