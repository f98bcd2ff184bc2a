import { onRenderChatCard } from "./hooks/chat-cards";
import { onUserConnected } from "./hooks/socket";
import { onChatMessage } from "./hooks/chat-commands";
import { onI18nInit } from "./hooks/i18n";
import { onInit } from "./hooks/init";
import { onReady } from "./hooks/ready";
import { onPreCreateActor } from "./hooks/token-bar";
import { onHotbarDrop } from "./play/hotbar";
import { registerQuenchBatches } from "./quench";
import { allPlugins } from "./rulesets/plugins";

Hooks.once("init", onInit);
Hooks.once("i18nInit", onI18nInit);
Hooks.once("ready", onReady);
Hooks.on("chatMessage", onChatMessage as never);
Hooks.on("preCreateActor", onPreCreateActor as never);
Hooks.on("renderChatMessageHTML", onRenderChatCard as never);
Hooks.on("userConnected", onUserConnected as never);
Hooks.on("hotbarDrop", onHotbarDrop as never);
// Each rule set's own hooks (its cards' buttons, sheets that follow targets, combat ends).
for (const plugin of allPlugins()) {
  for (const [hook, handler] of Object.entries(plugin.hooks ?? {})) Hooks.on(hook as never, handler as never);
}
registerQuenchBatches();

export { api } from "./api";
