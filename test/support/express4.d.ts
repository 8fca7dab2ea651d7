/** Express 4, installed beside Express 5 as `express4` (npm:express@4): typed as Express (its API for the middleware tests is the same). */
declare module 'express4' {
  import express from 'express';
  export default express;
}
