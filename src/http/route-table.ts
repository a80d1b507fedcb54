import { readdirSync } from 'node:fs';
import { METHODS } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { type AbstractHttpAdapter, DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { API_PREFIX } from './api-prefix.js';

/** One route as the running app serves it: what `npm run routes` prints. */
export interface ServedRoute {
  method: string;
  /** As Express matches it, prefix included: `/api/workflows/:id`. */
  path: string;
  /**
   * The controller's source file, from the project root: `src/workflows/workflows.controller.ts`;
   * for the routes of no controller (the API docs under /api/docs), the file that sets them up.
   */
  file: string;
  /** The controller class and its handler method, whose metadata (@Public, @Permission) decide who may call; null outside controllers. */
  handler: { controller: object; method: object } | null;
}

/** The parts of Express's router this reads: its layers, in the order it tries them. */
interface ExpressRouter {
  stack: { route?: { path: string; methods: Record<string, boolean | undefined> } }[];
}

/**
 * Every route of an initialised app, in the order Express tries them, with the file of the
 * controller that serves it. The paths come from Express itself; which controller declared each
 * comes from Nest's route metadata on the controllers the app registered. `sourceDir` is the
 * folder the app was loaded from (`src`, or `dist/src` when built): its `*.controller` files name
 * the classes.
 */
export async function servedRoutes(app: NestExpressApplication, sourceDir: string): Promise<ServedRoute[]> {
  const declared = await declaredRoutes(app, sourceDir);
  const { router } = (app.getHttpAdapter() as AbstractHttpAdapter).getInstance<{ router: ExpressRouter }>();
  return router.stack.flatMap(({ route }) => {
    // Besides middleware, Nest adds a route for every method on each path outside the /api prefix: its 404 answer.
    if (!route || METHODS.every((method) => route.methods[method.toLowerCase()])) return [];
    return Object.keys(route.methods)
      .filter((method) => route.methods[method])
      .map((method) => {
        const verb = method.toUpperCase();
        const found = declared.find((candidate) => candidate.method === verb && candidate.paths.includes(route.path));
        return { method: verb, path: route.path, file: found?.file ?? OUTSIDE_CONTROLLERS, handler: found?.handler ?? null };
      });
  });
}

/** Where the routes that no controller declares (the API docs) are added: configureApp. */
const OUTSIDE_CONTROLLERS = 'src/app.setup.ts';

interface DeclaredRoute {
  method: string;
  /** The path with and without the global prefix: which of them Express has depends on the prefix's exclusions. */
  paths: string[];
  file: string;
  handler: { controller: object; method: object };
}

async function declaredRoutes(app: NestExpressApplication, sourceDir: string): Promise<DeclaredRoute[]> {
  const files = await controllerFiles(sourceDir);
  const scanner = new MetadataScanner();
  return new DiscoveryService(app.get(ModulesContainer)).getControllers().flatMap(({ metatype }) => {
    if (typeof metatype !== 'function') return [];
    const file = files.get(metatype) ?? '(unknown file)';
    const prototype = metatype.prototype as Record<string, unknown>;
    const controllerPaths = pathsOf(metatype);
    return scanner.getAllMethodNames(prototype).flatMap((name) => {
      const handler = prototype[name] as object;
      const methodPaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (methodPaths === undefined) return [];
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const joined = controllerPaths.flatMap((base) => pathsOf(handler).map((path) => joinPath(base, path)));
      return [{ method, file, paths: joined.flatMap((path) => [path, joinPath(API_PREFIX, path)]), handler: { controller: metatype, method: handler } }];
    });
  });
}

function pathsOf(target: object): string[] {
  const paths = Reflect.getMetadata(PATH_METADATA, target) as string | string[] | undefined;
  return Array.isArray(paths) ? paths : [paths ?? ''];
}

/** As Nest writes a route's path: one leading slash, none trailing, `/` for the root. */
function joinPath(...parts: string[]): string {
  const path = parts.flatMap((part) => part.split('/')).filter(Boolean).join('/');
  return `/${path}`;
}

/** Each exported class of the `*.controller` files under `sourceDir`, with its source file's name. */
async function controllerFiles(sourceDir: string): Promise<Map<unknown, string>> {
  const files = new Map<unknown, string>();
  const names = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter((name) => /\.controller\.[jt]s$/.test(name));
  for (const name of names) {
    const exports = (await import(pathToFileURL(join(sourceDir, name)).href)) as Record<string, unknown>;
    const source = join('src', name).replace(/\.js$/, '.ts');
    for (const value of Object.values(exports)) if (typeof value === 'function') files.set(value, source);
  }
  return files;
}
