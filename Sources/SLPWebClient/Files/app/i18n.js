// Korean first, as the apps; English when the browser prefers it over Korean.
const ko = {
  title: '새싹 스터디',
  signInTitle: '로그인',
  signInHelp: '서버에서 받은 로그인 링크를 여세요 (slp token --link).',
  signInExpired: '로그인이 만료되었거나 올바르지 않아요. 새 링크를 여세요.',
  tooManySessions: '다른 곳에서 너무 많이 열려 있어 이 창의 실시간 연결이 끊겼어요. 새로 고치면 다시 연결돼요.',
  registerTitle: '회원가입',
  nick: '닉네임', birth: '생년월일 (YYYY-MM-DD)', email: '이메일', gender: '성별',
  male: '남자', female: '여자', register: '가입하기',
  myPage: '내 정보', studies: '하고 싶은 스터디 (쉼표로 구분)', study: '자주 하는 스터디',
  ageMin: '최소 나이', ageMax: '최대 나이', searchable: '내 번호 검색 허용', save: '저장',
  saved: '저장했어요.',
  queueTitle: '스터디 찾기', useLocation: '내 위치에서 찾기', mapHint: '지도를 눌러 위치를 고를 수도 있어요.',
  stopSearching: '찾기 중단', searching: '찾는 중이에요.',
  around: '주변 새싹', nobody: '주변에 아무도 없어요.',
  shared: '같은 스터디', request: '요청하기', requested: '요청했어요.',
  requests: '받은 요청', accept: '수락하기',
  requestFrom: (nick) => `${nick}님이 함께 공부하고 싶어해요`,
  matchedWith: (nick) => `${nick}님과 매칭되었어요`,
  chatWith: (nick) => `${nick}님과 채팅`,
  message: '메시지', send: '보내기', noMessages: '아직 메시지가 없어요.',
  cancelStudy: '스터디 취소',
  ended: {
    partnerCancelled: (nick) => `${nick}님이 스터디를 취소했어요.`,
    meCancelled: '스터디를 취소했어요.',
    partnerReviewed: (nick) => `${nick}님이 리뷰를 남기고 스터디를 끝냈어요.`,
    meReviewed: (nick) => `${nick}님에게 리뷰를 남기고 스터디를 끝냈어요.`,
    general: '스터디가 끝났어요.',
  },
  review: '리뷰 남기기', comment: '한 줄 평', sendReview: '리뷰 보내기', reviewed: '리뷰를 보냈어요.',
  titles: ['좋은 매너', '정확한 시간 약속', '빠른 응답', '친절한 성격', '능숙한 실력', '유익한 시간'],
  report: '신고하기', reportReason: '신고 사유',
  reasons: ['불법/사기', '불친절한 태도', '약속 불이행', '선정성', '인신공격', '기타'],
  sendReport: '신고 보내기', reportedDone: '신고했어요.',
  backHome: '처음으로',
  distance: (m) => `${m} m`,
  radius: '검색 반경 700 m', me: '나',
  notify: '알림 받기',
  newMessage: (nick) => `${nick}님의 새 메시지`,
  error: (text) => `문제가 생겼어요: ${text}`,
  reconnecting: '다시 연결하는 중…',
  map: '주변 지도',
  signOut: '로그아웃',
};

const en = {
  title: 'SeSAC Study',
  signInTitle: 'Sign in',
  signInHelp: 'Open the sign-in link the server gave you (slp token --link).',
  signInExpired: 'Your sign-in expired or is not valid. Open a new link.',
  tooManySessions: 'slp is open in too many places, so this tab stopped hearing news live. Reload to connect again.',
  registerTitle: 'Sign up',
  nick: 'Nickname', birth: 'Birth date (YYYY-MM-DD)', email: 'E-mail', gender: 'Gender',
  male: 'Male', female: 'Female', register: 'Sign up',
  myPage: 'My page', studies: 'Studies I want (comma separated)', study: 'My usual study',
  ageMin: 'Minimum age', ageMax: 'Maximum age', searchable: 'Let others find my number', save: 'Save',
  saved: 'Saved.',
  queueTitle: 'Find a study', useLocation: 'Search from my location', mapHint: 'Or click the map to choose a place.',
  stopSearching: 'Stop searching', searching: 'Searching.',
  around: 'People around', nobody: 'Nobody around yet.',
  shared: 'Shared', request: 'Ask', requested: 'Asked.',
  requests: 'Requests', accept: 'Accept',
  requestFrom: (nick) => `${nick} wants to study with you`,
  matchedWith: (nick) => `Matched with ${nick}`,
  chatWith: (nick) => `Chat with ${nick}`,
  message: 'Message', send: 'Send', noMessages: 'No messages yet.',
  cancelStudy: 'Cancel the study',
  ended: {
    partnerCancelled: (nick) => `${nick} cancelled the study.`,
    meCancelled: 'You cancelled the study.',
    partnerReviewed: (nick) => `${nick} reviewed you and ended the study.`,
    meReviewed: (nick) => `You reviewed ${nick} and ended the study.`,
    general: 'The study has ended.',
  },
  review: 'Review', comment: 'Comment', sendReview: 'Send review', reviewed: 'Review sent.',
  titles: ['Good manners', 'Punctual', 'Quick reply', 'Kind', 'Skilled', 'Helpful'],
  report: 'Report', reportReason: 'Reason',
  reasons: ['Illegal', 'Rude', 'No-show', 'Obscene', 'Abuse', 'Other'],
  sendReport: 'Send report', reportedDone: 'Reported.',
  backHome: 'Start again',
  distance: (m) => `${m} m`,
  radius: 'Search radius 700 m', me: 'Me',
  notify: 'Get notices',
  newMessage: (nick) => `New message from ${nick}`,
  error: (text) => `Something went wrong: ${text}`,
  reconnecting: 'Reconnecting…',
  map: 'Map of people around',
  signOut: 'Sign out',
};

function prefersEnglish(languages) {
  for (const language of languages) {
    if (language.toLowerCase().startsWith('ko')) return false;
    if (language.toLowerCase().startsWith('en')) return true;
  }
  return false;
}

export const english = prefersEnglish(navigator.languages || [navigator.language || 'ko']);
export const t = english ? en : ko;
export const lang = english ? 'en' : 'ko';
