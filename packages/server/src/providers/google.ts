import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createGoogleVertex } from '@ai-sdk/google-vertex';
import { googleBaseURL } from './provider-urls';
import type { ModelRequest, ProviderModel } from './provider.types';

/** Vertex AI's region when a service account is used; Parley has no setting for another one yet. */
export const VERTEX_LOCATION = 'us-central1';

/**
 * Google: a Gemini API key goes to the Generative Language API (GOOGLE_REVERSE_PROXY redirects it); a
 * service account goes to Vertex AI in the account's project, authenticated by an OAuth token exchange.
 */
export function googleModel({ model, credentials, fetch }: ModelRequest): ProviderModel {
  const google = credentials.google;
  if (!google) throw new Error('Google credentials are missing');
  const baseURL = credentials.baseURL;
  if ('serviceAccount' in google) {
    const { client_email, private_key, project_id } = google.serviceAccount;
    const vertex = createGoogleVertex({
      project: project_id,
      location: VERTEX_LOCATION,
      googleAuthOptions: { credentials: { client_email, private_key }, projectId: project_id },
      ...(baseURL ? { baseURL } : {}),
      ...(fetch ? { fetch } : {}),
    });
    return vertex(model);
  }
  const provider = createGoogleGenerativeAI({
    apiKey: google.apiKey,
    ...(baseURL ? { baseURL: googleBaseURL(baseURL) } : {}),
    ...(fetch ? { fetch } : {}),
  });
  return provider(model);
}
