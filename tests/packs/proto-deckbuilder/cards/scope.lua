-- Whether card scripts must check their own zone: not here, where
-- listen_in scopes them to the play zones. The layer
-- proto-deckbuilder-unscoped drops listen_in and replaces this module.
return { check = false }
