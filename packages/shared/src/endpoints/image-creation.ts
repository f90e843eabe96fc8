/**
 * Where a bingAI reply's image-creation iframe may point (docs/reference/messages.md (Rendering)): the Bing
 * service's hosts, over https, under this path. The web renders such an iframe and nothing else of a reply's HTML;
 * the server's content security policy lets the page frame these hosts and no others.
 */
export const IMAGE_CREATION_HOSTS: readonly string[] = ['bing.com', 'www.bing.com', 'cn.bing.com'];
export const IMAGE_CREATION_PATH = '/images/create';
