"""Tools for developers and tests, never imported by the running hall (issue 29): a real
server in a subprocess (:mod:`.processes`), the HAProxy front of a hall of several nodes
(:mod:`.front`) and the local cluster launcher behind ``yuanzi cluster`` (:mod:`.launch`)."""
