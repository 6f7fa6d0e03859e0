import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { http, HttpError } from '../../../lib/http/http-client';

/**
 * tus-js-client's requests through the app's one HTTP client (its timeout, abort, HttpError and
 * access-token request) instead of an XMLHttpRequest of its own. tus reads every status itself (a
 * 404 on HEAD means "start again", 423 "try later"), so a refusal goes back to it as an answer.
 */
export const tusHttpStack: HttpStack = {
  createRequest: (method, url) => new TusRequest(method, url),
  getName: () => 'KotonohaHttpStack',
};

class TusRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {};
  private readonly controller = new AbortController();
  private onProgress?: (bytesSent: number) => void;

  constructor(
    private readonly method: string,
    private readonly url: string,
  ) {}

  getMethod() {
    return this.method;
  }

  getURL() {
    return this.url;
  }

  setHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  getHeader(name: string) {
    return this.headers[name];
  }

  setProgressHandler(handler: (bytesSent: number) => void) {
    this.onProgress = handler;
  }

  async send(body?: Blob | null): Promise<HttpResponse> {
    const onProgress = this.onProgress;
    try {
      const response = await http.request(this.url, {
        method: this.method,
        headers: this.headers,
        body: body ?? undefined,
        signal: this.controller.signal,
        onUploadProgress: body && onProgress ? (sent) => onProgress(sent) : undefined,
      });
      return answer(response.status, response.headers, await response.text());
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'http') return answer(error.status, error.headers, typeof error.body === 'string' ? error.body : JSON.stringify(error.body ?? ''));
      throw error;
    }
  }

  abort() {
    this.controller.abort();
    return Promise.resolve();
  }

  getUnderlyingObject() {
    return this.controller;
  }
}

function answer(status: number, headers: Headers, body: string): HttpResponse {
  return {
    getStatus: () => status,
    getHeader: (name) => headers.get(name) ?? undefined,
    getBody: () => body,
    getUnderlyingObject: () => headers,
  };
}
