#!/usr/bin/env python3
"""bsbmtools' benchmark_result.xml files side by side: QMpH, then each template's mean time and, in
brackets, its geometric mean (ms). Usage: official-summary.py RESULT.xml [RESULT.xml ...]"""
import sys
import xml.etree.ElementTree as ET

runs = []
for path in sys.argv[1:]:
    root = ET.parse(path).getroot()
    times = {}
    for q in root.find('queries'):
        if q.find('aqetg') is not None:  # templates the mix left out have no times
            times[int(q.get('nr'))] = (float(q.find('aqet').text) * 1000,
                                       float(q.find('aqetg').text) * 1000)
    runs.append((path, float(root.find('querymix/qmph').text), times))
print('| | ' + ' | '.join(p for p, _, _ in runs) + ' |')
print('|---|' + '---:|' * len(runs))
print('| QMpH | ' + ' | '.join(f'{qmph:,.0f}' for _, qmph, _ in runs) + ' |')
for nr in sorted(runs[0][2]):
    cells = [f'{t[nr][0]:.2f} ({t[nr][1]:.2f})' if nr in t else '-' for _, _, t in runs]
    print(f'| Q{nr} | ' + ' | '.join(cells) + ' |')
