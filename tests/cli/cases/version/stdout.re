muster \(Muster\) [0-9]+\.[0-9]+(\.[0-9]+)*([-+~][0-9A-Za-z.+~-]*)?
Copyright \(C\) [0-9][0-9][0-9][0-9] The Muster developers\.
License GPLv3\+: GNU GPL version 3 or later <https://gnu\.org/licenses/gpl\.html>\.
This is free software: you are free to change and redistribute it\.
There is NO WARRANTY, to the extent permitted by law\.

Written by the Muster developers; see the file AUTHORS\.
