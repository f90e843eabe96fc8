import 'katex/dist/katex.min.css';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import type { MathPlugins } from './markdown-plugins';

// Its own chunk: KaTeX is large and only texts that hold maths need it.
export const mathPlugins: MathPlugins = { remarkMath, rehypeKatex };
