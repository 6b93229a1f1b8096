-- No listen_in here: card scripts check their own zone.
return { check = true }
