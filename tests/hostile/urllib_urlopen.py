# Hostile: Download a page.
# expect-exit: 1
# expect: urllib.error.URLError: <urlopen error autogradviz scripts cannot use the network>
import urllib.request
urllib.request.urlopen('http://127.0.0.1:9/')
