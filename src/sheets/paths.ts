import { SYSTEM_PATH } from "../constants";

/** Path of a template under templates/, as Foundry serves it. */
export function templatePath(relative: string): string {
  return `${SYSTEM_PATH}/templates/${relative}`;
}
