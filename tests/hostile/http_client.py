# Hostile: http.client.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot use the network
import http.client
c = http.client.HTTPConnection('127.0.0.1', 9, timeout=1)
c.request('GET', '/')
