-- Fails while it loads: its top-level code raises.
error("this module cannot load")
return {}
