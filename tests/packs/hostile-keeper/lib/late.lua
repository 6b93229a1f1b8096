-- Loaded only when a script first requires it during a game.
return { loaded = true }
